// Citation.js ships no TypeScript types; these declare the small part of its API the exports use.
declare module "@citation-js/core" {
  /** A set of bibliographic items parsed from CSL-JSON (or any format a loaded plugin can read). */
  export class Cite {
    constructor(data: unknown, options?: Record<string, unknown>);
    /** The items as CSL-JSON. */
    data: Array<Record<string, unknown>>;
    /** Serialises the items, e.g. format("bibtex") or format("ris", { spec: "new" }). */
    format(format: string, options?: Record<string, unknown>): string;
  }
}
declare module "@citation-js/plugin-bibtex";
declare module "@citation-js/plugin-ris";
declare module "@citation-js/plugin-csl";
