/**
 * The download formats of a report: its Markdown, its references as BibTeX, RIS or CSL-JSON, and the `--json`
 * contract.
 */
export const EXPORT_FORMATS = ["markdown", "bibtex", "ris", "csl-json", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A file to download: its text, MIME type and file name. */
export interface ExportFile {
  body: string;
  contentType: string;
  filename: string;
}

/** "Lithium and nephrotoxicity: mechanism and evidence" → "critica-lithium-and-nephrotoxicity-mechanism-and-evidence" (ASCII words, ≤ 80 chars). */
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
