import type { Evidence, SourceId } from "@/lib/domain/evidence";
import { CtgovFormatError, parseCtgovStudies } from "./ctgov";
import { EuropePmcFormatError, parseEuropePmcSearch } from "./europepmc";
import { parsePubmedXml } from "./pubmed-xml";
import { parsePubTator } from "./pubtator";

/** A record file format the parsers understand. */
export type RecordFormat = "pubmed-xml" | "medline-xml" | "pubtator" | "europepmc-json" | "ctgov-json";

/** Only this much of the head of the content is scanned for an XML root or JSON keys. */
const SNIFF_CHARS = 64 * 1024;

/**
 * Detects a record file's format from its content (the name only rules out compressed archives, whose
 * bytes are not text):
 * - XML by its root element: `PubmedArticleSet` → "pubmed-xml", `MedlineCitationSet` → "medline-xml";
 * - PubTator when the first non-blank line is `PMID|t|title`;
 * - JSON by its keys: `resultList` → "europepmc-json"; `studies`, `protocolSection`, or the retired classic API's
 *   `FullStudiesResponse`/`StudyFieldsResponse` → "ctgov-json" (so the import reports that parser's clear error).
 *   Content that is not valid JSON is recognised by the same keys in its head, so the parser can report it.
 * @returns the format, or null when nothing matches (e.g. OpenAlex or bioRxiv JSON, esearch XML).
 */
export function detectRecordFormat(fileName: string, content: string): RecordFormat | null {
  if (/\.(gz|zip|bz2|xz|7z)$/i.test(fileName)) return null;
  const text = content.replace(/^\uFEFF/, "").trimStart();
  if (text.startsWith("<")) {
    const root = xmlRoot(text.slice(0, SNIFF_CHARS));
    if (root === "PubmedArticleSet") return "pubmed-xml";
    if (root === "MedlineCitationSet") return "medline-xml";
    return null;
  }
  if (/^\d+\|t\|/.test(text)) return "pubtator";
  if (text.startsWith("{")) return jsonFormat(text);
  return null;
}

/**
 * Parses `content` in the given format (see {@link detectRecordFormat}) into Evidence with `citation.source = source`.
 * @throws PubmedXmlError, PubTatorFormatError, EuropePmcFormatError or CtgovFormatError from the format's parser;
 *   invalid JSON becomes the JSON format's error class with the JSON.parse message.
 */
export function parseRecords(format: RecordFormat, content: string, source: SourceId): Evidence[] {
  switch (format) {
    case "pubmed-xml":
    case "medline-xml":
      return parsePubmedXml(content, source);
    case "pubtator":
      return parsePubTator(content, source);
    case "europepmc-json":
      return parseEuropePmcSearch(
        parseJson(content, (m) => new EuropePmcFormatError(m)),
        source,
      ).evidence;
    case "ctgov-json":
      return parseCtgovStudies(
        parseJson(content, (m) => new CtgovFormatError(m)),
        source,
      );
  }
}

/** Name of the first element, skipping the XML declaration, processing instructions, comments and DOCTYPE. */
function xmlRoot(head: string): string | null {
  const re = /<(\?[\s\S]*?\?>|!--[\s\S]*?-->|!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>|([A-Za-z_][\w.:-]*))/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(head))) {
    if (m[2]) return m[2];
  }
  return null;
}

function jsonFormat(text: string): RecordFormat | null {
  let keys: string[];
  try {
    const value: unknown = JSON.parse(text);
    keys = typeof value === "object" && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
  } catch {
    // Not valid JSON (e.g. truncated): fall back to the top-level-looking keys in the head.
    keys = [...text.slice(0, SNIFF_CHARS).matchAll(/"(\w+)"\s*:/g)].map((m) => m[1]);
  }
  if (keys.includes("resultList")) return "europepmc-json";
  if (["studies", "protocolSection", "FullStudiesResponse", "StudyFieldsResponse"].some((k) => keys.includes(k))) {
    return "ctgov-json";
  }
  return null;
}

function parseJson(content: string, error: (message: string) => Error): unknown {
  try {
    return JSON.parse(content.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw error(`invalid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}
