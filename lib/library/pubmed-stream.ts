import type { Evidence, SourceId } from "@/lib/domain/evidence";
import { createItemNodeBuilder } from "./pubmed-item-node";
import { PubmedItemSplitter, type XmlItem } from "./pubmed-items";
import { articleToEvidence, bookToEvidence, PubmedXmlError, type XmlNode } from "@/lib/sources/parse/pubmed-xml";

/**
 * One item of a PubMed baseline or update file, in document order: a citation (PubmedArticle, PubmedBookArticle, or
 * a MEDLINE-format MedlineCitation) or the PMID of a DeleteCitation entry. A citation that cannot be read (no valid
 * PMID) comes as `failed` with the reason, so one bad record does not lose the file.
 */
export type PubmedItem =
  { kind: "record"; evidence: Evidence } | { kind: "delete"; pmid: string } | { kind: "failed"; reason: string };

/** Element names that make one item. */
const ITEM_ELEMENTS = new Set(["PubmedArticle", "PubmedBookArticle", "MedlineCitation", "DeleteCitation"]);

/**
 * Streams the items of a PubMed XML file's bytes (UTF-8; or text, which tests cut anywhere): only the item being read
 * is held in memory, never the whole file.
 * The text is split into the elements under the root (lib/library/pubmed-items.ts), each parsed whole by saxen into
 * the node shape that fast-xml-parser gives parsePubmedXml (lib/library/pubmed-item-node.ts) and converted by the same
 * functions, so a streamed record equals the one `library:import` reads from the same XML. `skip` items at the start
 * are counted but not parsed (resuming an interrupted file; a DeleteCitation is parsed, as it counts one item a PMID).
 * @throws PubmedXmlError when the XML is not well-formed (with line and column) or its root is neither
 *   PubmedArticleSet nor MedlineCitationSet.
 */
export async function* streamPubmedItems(
  chunks: AsyncIterable<Buffer | string>,
  options: { source?: SourceId; skip?: number } = {},
): AsyncGenerator<PubmedItem> {
  const source = options.source ?? "local";
  let skip = options.skip ?? 0;
  const splitter = new PubmedItemSplitter();
  const build = createItemNodeBuilder();

  const convert = (item: XmlItem, out: PubmedItem[]) => {
    if (!ITEM_ELEMENTS.has(item.name)) return; // none expected under the root
    if (skip > 0 && item.name !== "DeleteCitation") {
      skip--;
      return;
    }
    const built = build(item.xml);
    if ("fault" in built) {
      // saxen's line and column are 0-based and relative to the item's XML.
      const start = splitter.position(item.at);
      const { line, column } = built.fault;
      throw new PubmedXmlError(
        `malformed PubMed XML: ${start.line + line}:${line === 0 ? start.column + column : column + 1}: ` +
          `${built.fault.message}`,
      );
    }
    const n = built.node;
    if (item.name === "DeleteCitation") {
      for (const pmid of asArray(n.PMID).map(nodeText)) {
        if (skip > 0) skip--;
        else if (/^\d+$/.test(pmid)) out.push({ kind: "delete", pmid });
        else out.push({ kind: "failed", reason: `DeleteCitation with an invalid PMID "${pmid.slice(0, 40)}"` });
      }
      return;
    }
    try {
      const evidence =
        item.name === "PubmedBookArticle"
          ? bookToEvidence(asNode(n.BookDocument), asNode(n.PubmedBookData), source)
          : item.name === "MedlineCitation"
            ? articleToEvidence(n, {}, source)
            : articleToEvidence(asArray(n.MedlineCitation).map(asNode)[0] ?? {}, asNode(n.PubmedData), source);
      out.push({ kind: "record", evidence });
    } catch (e) {
      if (!(e instanceof PubmedXmlError)) throw e;
      out.push({ kind: "failed", reason: e.message });
    }
  };

  const ready: PubmedItem[] = [];
  for await (const chunk of chunks) {
    for (const item of splitter.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk)) convert(item, ready);
    yield* ready;
    ready.length = 0;
  }
  for (const item of splitter.end()) convert(item, ready);
  yield* ready;
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
