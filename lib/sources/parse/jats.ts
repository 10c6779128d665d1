import type { ArticleDocument } from "@/lib/domain/fulltext";
import { evidenceKey } from "@/lib/evidence/identity";
import { jatsPassages } from "./jats-body";
import { licenceOf } from "./licence";
import { childElement, childElements, elementText, findElement, parseXmlTree, XmlSyntaxError } from "./xml-tree";
import type { XmlElement } from "./xml-tree";

/** The file is not a readable JATS article: malformed XML, or a root element other than <article>. */
export class JatsFormatError extends Error {
  override name = "JatsFormatError";
}

/** Subtrees never read (the reference list is a third of a typical article; skipping it halves the tree). */
const SKIPPED = new Set(["ref-list", "mml:math", "tex-math"]);

/** A PMCID as Europe PMC and PubMed write it: "PMC" and its digits (JATS files give bare digits or either form). */
export function normalisePmcid(raw: string): string | null {
  const digits = /^(?:PMC)?(\d+)$/i.exec(raw.trim())?.[1];
  return digits ? `PMC${digits}` : null;
}

/** "A. Justine" → "AJ"; "Robert" → "R". */
function initials(given: string): string {
  return (given.match(/\p{Lu}/gu) ?? given.match(/\p{L}/gu)?.slice(0, 1) ?? []).join("");
}

function authors(meta: XmlElement | null): string[] {
  const out: string[] = [];
  for (const group of meta ? childElements(meta, "contrib-group") : []) {
    for (const contrib of childElements(group, "contrib")) {
      if ((contrib.attrs["contrib-type"] ?? "author") !== "author") continue;
      const name = childElement(contrib, "name") ?? findElement(contrib, "name");
      const collab = childElement(contrib, "collab");
      if (name) {
        const surname = elementText(childElement(name, "surname"));
        const given = elementText(childElement(name, "given-names"));
        const full = `${surname} ${initials(given)}`.trim();
        if (full) out.push(full);
      } else if (collab) out.push(elementText(collab));
    }
  }
  return out;
}

function year(meta: XmlElement | null): number | null {
  const dates = meta ? childElements(meta, "pub-date") : [];
  const rank = (d: XmlElement) => {
    const type = d.attrs["pub-type"] ?? d.attrs["date-type"] ?? "";
    return /^(?:epub|pub)$/.test(type) ? 0 : /^(?:ppub|collection)$/.test(type) ? 1 : 2;
  };
  for (const date of [...dates].sort((a, b) => rank(a) - rank(b))) {
    const y = /^\d{4}$/.exec(elementText(childElement(date, "year")))?.[0];
    if (y) return Number(y);
  }
  return null;
}

/** A structured abstract as "LABEL: text" paragraphs joined by "\n" (as the PubMed parser writes labelled ones). */
function abstractText(meta: XmlElement | null): string {
  const abstracts = meta ? childElements(meta, "abstract") : [];
  const main = abstracts.find((a) => !a.attrs["abstract-type"]) ?? abstracts[0];
  if (!main) return "";
  const sections = childElements(main, "sec");
  if (sections.length === 0)
    return childElements(main, "p").map(elementText).filter(Boolean).join("\n") || elementText(main);
  return sections
    .map((sec) => {
      const title = elementText(childElement(sec, "title")).replace(/[:.]$/, "");
      const text = childElements(sec, "p").map(elementText).join(" ");
      return title ? `${title.toUpperCase()}: ${text}` : text;
    })
    .filter((s) => s.trim())
    .join("\n");
}

function licence(meta: XmlElement | null) {
  const permissions = childElement(meta, "permissions");
  const licenseElement = childElement(permissions, "license");
  if (licenseElement) {
    const ref = childElement(licenseElement, "ali:license_ref");
    const url = licenseElement.attrs["xlink:href"] ?? (ref ? elementText(ref) : null);
    const paragraphs = childElements(licenseElement).filter((c) => c.name === "license-p" || c.name === "p");
    const text = paragraphs.map(elementText).join(" ") || elementText(licenseElement);
    return licenceOf(text, url);
  }
  // NLM 2.3 files state the licence in a copyright statement, inside <permissions> or directly in the article-meta.
  const statement = childElement(permissions, "copyright-statement") ?? childElement(meta, "copyright-statement");
  return licenceOf(elementText(statement) || null, null);
}

/**
 * Reads a JATS (or NLM Archiving/Publishing DTD 2.3–3.0) article: PMC Open Access `.nxml`, a Europe PMC
 * `fullTextXML` response, a publisher's JATS. The identifiers of `article-meta/article-id` (pub-id-type pmid, pmc or
 * pmcid with or without "PMC", doi), the title, the authors ("Surname Initials" or the collaboration's name), the
 * journal title, the year (epub, then ppub), the main abstract (a structured one as "LABEL: text" lines), the
 * article type, the licence (`<license>` text with its `xlink:href` or `ali:license_ref`, else the copyright
 * statement) and the passages of body and back matter (lib/sources/parse/jats-body.ts). Passage ids start with the
 * PMCID, else the DOI's or PMID's evidence key, else "article".
 * @throws JatsFormatError "malformed XML: <reason> (line l, column c)" or "not a JATS article: the root element is
 *   <x>".
 */
export function parseJats(xml: string): ArticleDocument {
  let root: XmlElement;
  try {
    root = parseXmlTree(xml, SKIPPED);
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new JatsFormatError(`malformed XML: ${error.message}`);
    throw error;
  }
  if (root.name !== "article") throw new JatsFormatError(`not a JATS article: the root element is <${root.name}>`);
  const front = childElement(root, "front");
  const meta = childElement(front, "article-meta");
  const journalMeta = childElement(front, "journal-meta");
  const ids: Record<string, string> = {};
  for (const id of meta ? childElements(meta, "article-id") : []) {
    const type = id.attrs["pub-id-type"] ?? "";
    if (!ids[type]) ids[type] = elementText(id);
  }
  const pmcid = normalisePmcid(ids.pmcid ?? ids.pmc ?? "");
  const pmid = /^\d+$/.test(ids.pmid ?? "") ? ids.pmid : null;
  const doi = ids.doi?.trim() || null;
  const doc = pmcid ?? (doi || pmid ? evidenceKey({ pmid, doi, pmcid: null, nctId: null }) : "article");
  const titleGroup = childElement(meta, "title-group");
  const journal =
    elementText(childElement(childElement(journalMeta, "journal-title-group"), "journal-title")) ||
    elementText(childElement(journalMeta, "journal-title"));
  return {
    format: "jats",
    pmid,
    pmcid,
    doi,
    title: elementText(childElement(titleGroup, "article-title")),
    authors: authors(meta),
    journal: journal || null,
    year: year(meta),
    abstract: abstractText(meta),
    articleType: root.attrs["article-type"] ?? null,
    licence: licence(meta),
    pages: null,
    passages: jatsPassages(root, doc),
  };
}
