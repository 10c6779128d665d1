import { SaxesParser, type SaxesTagPlain } from "saxes";
import type { Evidence, SourceId } from "@/lib/domain/evidence";
import {
  articleToEvidence,
  bookToEvidence,
  PUBMED_ARRAY_ELEMENTS,
  PUBMED_MIXED_CONTENT,
  PubmedXmlError,
  type XmlNode,
} from "@/lib/sources/parse/pubmed-xml";

/**
 * One item of a PubMed baseline or update file, in document order: a citation (PubmedArticle, PubmedBookArticle, or
 * a MEDLINE-format MedlineCitation) or the PMID of a DeleteCitation entry. A citation that cannot be read (no valid
 * PMID) comes as `failed` with the reason, so one bad record does not lose the file.
 */
export type PubmedItem =
  | { kind: "record"; evidence: Evidence }
  | { kind: "delete"; pmid: string }
  | { kind: "failed"; reason: string };

/** Element names that make one item. */
const ITEM_ELEMENTS = new Set(["PubmedArticle", "PubmedBookArticle", "MedlineCitation", "DeleteCitation"]);
const ROOTS = new Set(["PubmedArticleSet", "MedlineCitationSet"]);

/** An element being built: its node, and for a mixed-content element the raw inner XML written so far. */
interface Frame {
  name: string;
  node: XmlNode;
  text: string;
  /** Raw inner XML of a mixed-content element (null for others), and how many of its inline tags are open. */
  raw: string | null;
  open: number;
}

/** Re-escapes text saxes decoded, since the shared converter decodes character references itself. */
const escapeXml = (s: string) => (/[&<>]/.test(s) ? s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;") : s);

/**
 * Elements the converter never reads (articleToEvidence / bookToEvidence): their subtrees are not built, which
 * halves the objects a record makes (reference lists, affiliations and histories are most of a record's XML).
 */
const UNREAD = new Set([
  "ReferenceList",
  "AffiliationInfo",
  "Identifier",
  "History",
  "GrantList",
  "KeywordList",
  "OtherID",
  "OtherAbstract",
  "InvestigatorList",
  "SupplMeshList",
  "GeneSymbolList",
  "PersonalNameSubjectList",
  "GeneralNote",
  "DateCompleted",
  "DateRevised",
  "DateCreated",
  "Pagination",
  "Language",
  "CoiStatement",
  "CitationSubset",
  "NumberOfReferences",
  "ISSN",
  "ISSNLinking",
  "NlmUniqueID",
  "Country",
]);

/**
 * Streams the items of PubMed XML text chunks, parsed with saxes (a strict, streaming XML parser): only the item
 * being read is held in memory, never the whole file. Each item's elements are built into the node shape that
 * fast-xml-parser gives parsePubmedXml ({@link XmlNode}) and converted by the same functions, so a streamed record
 * equals the one `library:import` reads from the same XML. `skip` items at the start are counted but not converted
 * (resuming an interrupted file).
 * @throws PubmedXmlError when the XML is not well-formed (with line and column) or its root is neither
 *   PubmedArticleSet nor MedlineCitationSet.
 */
export async function* streamPubmedItems(chunks: AsyncIterable<string>, options: { source?: SourceId; skip?: number } = {}): AsyncGenerator<PubmedItem> {
  const source = options.source ?? "local";
  let skip = options.skip ?? 0;
  // Namespaces off (PubMed XML has none): attributes come as plain strings.
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const ready: PubmedItem[] = [];
  const stack: Frame[] = [];
  let depth = 0;
  /** Depth of an UNREAD element being skipped (0: none). */
  let unreadAt = 0;
  let error: Error | null = null;

  const finishItem = (frame: Frame) => {
    if (skip > 0 && frame.name !== "DeleteCitation") {
      skip--;
      return;
    }
    if (frame.name === "DeleteCitation") {
      for (const pmid of asArray(frame.node.PMID).map(nodeText)) {
        if (skip > 0) skip--;
        else if (/^\d+$/.test(pmid)) ready.push({ kind: "delete", pmid });
        else ready.push({ kind: "failed", reason: `DeleteCitation with an invalid PMID "${pmid.slice(0, 40)}"` });
      }
      return;
    }
    try {
      const n = frame.node;
      const evidence =
        frame.name === "PubmedBookArticle"
          ? bookToEvidence(asNode(n.BookDocument), asNode(n.PubmedBookData), source)
          : frame.name === "MedlineCitation"
            ? articleToEvidence(n, {}, source)
            : articleToEvidence(asArray(n.MedlineCitation).map(asNode)[0] ?? {}, asNode(n.PubmedData), source);
      ready.push({ kind: "record", evidence });
    } catch (e) {
      if (!(e instanceof PubmedXmlError)) throw e;
      ready.push({ kind: "failed", reason: e.message });
    }
  };

  parser.on("error", (e) => {
    error ??= new PubmedXmlError(`malformed PubMed XML: ${e.message}`);
  });
  parser.on("opentag", (tag: SaxesTagPlain) => {
    depth++;
    if (unreadAt) return;
    if (depth === 1) {
      if (!ROOTS.has(tag.name)) error ??= new PubmedXmlError(`expected a PubmedArticleSet or MedlineCitationSet root, found <${tag.name}>`);
      return;
    }
    const parent = stack.at(-1);
    if (parent && parent.raw !== null) {
      parent.open++;
      parent.raw += `<${tag.name}${Object.entries(tag.attributes).map(([k, v]) => ` ${k}="${escapeXml(v)}"`).join("")}>`;
      return;
    }
    if (!parent && !(depth === 2 && ITEM_ELEMENTS.has(tag.name))) return; // outside an item (none expected)
    if (UNREAD.has(tag.name)) {
      unreadAt = depth;
      return;
    }
    const node: XmlNode = {};
    for (const k in tag.attributes) node[`@_${k}`] = escapeXml(tag.attributes[k]);
    stack.push({ name: tag.name, node, text: "", raw: PUBMED_MIXED_CONTENT.has(tag.name) ? "" : null, open: 0 });
  });
  parser.on("text", (t) => {
    const frame = stack.at(-1);
    if (!frame || unreadAt) return;
    if (frame.raw !== null) frame.raw += escapeXml(t);
    else frame.text += t;
  });
  parser.on("closetag", (tag) => {
    depth--;
    if (unreadAt) {
      if (depth < unreadAt) unreadAt = 0;
      return;
    }
    const frame = stack.at(-1);
    if (!frame) return;
    if (frame.raw !== null && frame.open > 0) {
      // An inline tag closing inside a mixed-content element: part of its raw XML.
      frame.open--;
      frame.raw += `</${tag.name}>`;
      return;
    }
    stack.pop();
    const value = elementValue(frame);
    const parent = stack.at(-1);
    if (!parent) finishItem({ ...frame, node: typeof value === "string" ? { "#text": value } : value });
    else addChild(parent.node, frame.name, value);
  });

  for await (const chunk of chunks) {
    parser.write(chunk);
    if (error) throw error;
    while (ready.length) yield ready.shift()!;
  }
  parser.close();
  if (error) throw error;
  yield* ready;
}

/** The value fast-xml-parser gives an element: its text alone, or its node with `#text` when it has attributes or children. */
function elementValue(frame: Frame): XmlNode | string {
  const text = frame.raw ?? frame.text.trim();
  const keys = Object.keys(frame.node);
  if (keys.length === 0) return text;
  if (text !== "") frame.node["#text"] = text;
  return frame.node;
}

function addChild(parent: XmlNode, name: string, value: XmlNode | string) {
  const existing = parent[name];
  if (existing === undefined) parent[name] = PUBMED_ARRAY_ELEMENTS.has(name) ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent[name] = [existing, value];
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

function asNode(value: unknown): XmlNode {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as XmlNode) : {};
}

function nodeText(value: unknown): string {
  if (typeof value === "string") return value.trim();
  return typeof asNode(value)["#text"] === "string" ? String(asNode(value)["#text"]).trim() : "";
}
