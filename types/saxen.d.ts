// Types for the parts of saxen@11 (MIT, nikku/saxen) that lib/library/pubmed-stream.ts uses; the package ships none.
// Without namespaces and proxy mode, tag names and attribute values come as written (character references not
// decoded); `getContext` gives the 0-based line and column of the token in the string being parsed.
declare module "saxen" {
  type ContextGetter = () => { line: number; column: number; data: string };
  export class Parser {
    constructor(options?: { proxy?: boolean });
    on(
      event: "openTag",
      cb: (
        name: string,
        getAttrs: () => Record<string, string>,
        decode: (s: string) => string,
        selfClosing: boolean,
        getContext: ContextGetter,
      ) => void,
    ): this;
    on(
      event: "closeTag",
      cb: (name: string, decode: (s: string) => string, selfClosing: boolean, getContext: ContextGetter) => void,
    ): this;
    on(
      event: "text" | "comment",
      cb: (value: string, decode: (s: string) => string, getContext: ContextGetter) => void,
    ): this;
    on(event: "cdata", cb: (value: string, getContext: ContextGetter) => void): this;
    on(event: "error" | "warn", cb: (error: Error, getContext: ContextGetter) => void): this;
    /** Parses a whole document; @returns the error reported to the `error` handler, or null. */
    parse(xml: string): Error | null;
    stop(): void;
  }
}
