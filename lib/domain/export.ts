/**
 * The download formats of a run (each mode offers some of them, RunMode.export): its Markdown, its references as
 * BibTeX, RIS or CSL-JSON, the `--json` contract, and the PRISMA 2020 flow diagram as SVG.
 */
export const EXPORT_FORMATS = ["markdown", "bibtex", "ris", "csl-json", "json", "prisma"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A file to download: its text, MIME type and file name. */
export interface ExportFile {
  body: string;
  contentType: string;
  filename: string;
}

/** The MIME type and file name extension of each format. */
const FILE_TYPES: Record<ExportFormat, { contentType: string; extension: string }> = {
  markdown: { contentType: "text/markdown; charset=utf-8", extension: "md" },
  bibtex: { contentType: "application/x-bibtex; charset=utf-8", extension: "bib" },
  ris: { contentType: "application/x-research-info-systems; charset=utf-8", extension: "ris" },
  "csl-json": { contentType: "application/vnd.citationstyles.csl+json; charset=utf-8", extension: "csl.json" },
  json: { contentType: "application/json; charset=utf-8", extension: "json" },
  prisma: { contentType: "image/svg+xml; charset=utf-8", extension: "svg" },
};

/** Whether a string names an export format. */
export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

/**
 * "Lithium and nephrotoxicity: mechanism and evidence" → "critica-lithium-and-nephrotoxicity-mechanism-and-evidence"
 * (ASCII words, ≤ 80 chars).
 */
export function exportBaseName(title: string): string {
  const words = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  let name = "critica";
  for (const w of words) {
    if (`${name}-${w}`.length > 80) break;
    name = `${name}-${w}`;
  }
  return name;
}

/**
 * A file of `format` holding `body`, named after `title` (exportBaseName, then `suffix`, then the format's extension:
 * "critica-lithium-…-prisma.svg").
 */
export function exportFile(format: ExportFormat, title: string, body: string, suffix = ""): ExportFile {
  const { contentType, extension } = FILE_TYPES[format];
  return { body, contentType, filename: `${exportBaseName(title)}${suffix}.${extension}` };
}
