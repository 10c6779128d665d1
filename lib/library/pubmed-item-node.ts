import { Parser } from "saxen";
import { PUBMED_ARRAY_ELEMENTS, PUBMED_MIXED_CONTENT, type XmlNode } from "@/lib/sources/parse/pubmed-xml";

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
  "OtherAbstract",
  "InvestigatorList",
  "SupplMeshList",
  "GeneSymbolList",
  "PersonalNameSubjectList",
  "GeneralNote",
  "DateCompleted",
  "DateRevised",
  "DateCreated",
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
 * An element being built: its node, its text, and for a mixed-content element its raw inner XML and open inline tags.
 */
interface Frame {
  name: string;
  node: XmlNode;
  text: string;
  raw: string | null;
  open: number;
}

/** Where an item's XML is malformed: saxen's message and its 0-based line and column in the item. */
export interface ItemXmlFault {
  message: string;
  line: number;
  column: number;
}

/**
 * Builds the node of one PubMed item (a PubmedArticle, PubmedBookArticle, MedlineCitation or DeleteCitation, as one
 * XML string) in the shape fast-xml-parser gives parsePubmedXml ({@link XmlNode}), so the shared converter reads it
 * as it reads library:import's: attributes under `@_name` and text as written (character references not decoded: the
 * converter decodes them), the {@link PUBMED_ARRAY_ELEMENTS} as arrays, the {@link PUBMED_MIXED_CONTENT} elements as
 * their raw inner XML. The XML is parsed with saxen (a small, fast, non-validating SAX parser that checks tags nest
 * and close); the elements the converter never reads are tokenised but not built.
 * Reuses one parser: not reentrant.
 * @returns the item's node (its attributes and children), or the fault when the XML is malformed (saxen's errors and
 *   its warnings, such as a malformed attribute, both count).
 */
export function createItemNodeBuilder(): (xml: string) => { node: XmlNode } | { fault: ItemXmlFault } {
  const parser = new Parser();
  let stack: Frame[] = [];
  let depth = 0;
  /** Depth of an UNREAD element being skipped (0: none). */
  let unreadAt = 0;
  let result: XmlNode | null = null;
  let fault: ItemXmlFault | null = null;

  parser.on("openTag", (name, getAttrs, _decode, selfClosing) => {
    depth++;
    if (unreadAt) return;
    const parent = stack.length ? stack[stack.length - 1] : null;
    if (parent !== null && parent.raw !== null) {
      // An inline tag (<i>, <sup>…) inside a mixed-content element: part of its raw XML.
      const attrs = getAttrs();
      let tag = `<${name}`;
      for (const k in attrs) tag += ` ${k}="${attrs[k]}"`;
      parent.raw += selfClosing ? `${tag}/>` : `${tag}>`;
      if (!selfClosing) parent.open++;
      return;
    }
    if (UNREAD.has(name)) {
      unreadAt = depth;
      return;
    }
    const node: XmlNode = {};
    const attrs = getAttrs();
    for (const k in attrs) node[`@_${k}`] = attrs[k];
    stack.push({ name, node, text: "", raw: PUBMED_MIXED_CONTENT.has(name) ? "" : null, open: 0 });
  });
  parser.on("text", (text) => {
    if (unreadAt || stack.length === 0) return;
    const frame = stack[stack.length - 1];
    if (frame.raw !== null) frame.raw += text;
    else frame.text += text;
  });
  parser.on("cdata", (text) => {
    if (unreadAt || stack.length === 0) return;
    const frame = stack[stack.length - 1];
    if (frame.raw !== null) frame.raw += `<![CDATA[${text}]]>`;
    else frame.text += text;
  });
  parser.on("comment", (text) => {
    const frame = stack.length ? stack[stack.length - 1] : null;
    if (!unreadAt && frame !== null && frame.raw !== null) frame.raw += `<!--${text}-->`;
  });
  parser.on("closeTag", (name, _decode, selfClosing) => {
    depth--;
    if (unreadAt) {
      if (depth < unreadAt) unreadAt = 0;
      return;
    }
    const frame = stack[stack.length - 1];
    if (frame.raw !== null && (frame.open > 0 || (selfClosing && frame.name !== name))) {
      if (!selfClosing) {
        // An inline tag closing inside a mixed-content element (a self-closing one was written whole when it opened).
        frame.open--;
        frame.raw += `</${name}>`;
      }
      return;
    }
    stack.pop();
    const value = elementValue(frame);
    if (stack.length === 0) result = typeof value === "string" ? { "#text": value } : value;
    else addChild(stack[stack.length - 1].node, frame.name, value);
  });
  const onFault = (error: Error, getContext: () => { line: number; column: number }) => {
    if (fault) return;
    const { line, column } = getContext();
    fault = { message: error.message, line, column };
    parser.stop();
  };
  parser.on("error", onFault);
  parser.on("warn", onFault);

  return (xml) => {
    stack = [];
    depth = 0;
    unreadAt = 0;
    result = null;
    fault = null;
    parser.parse(xml);
    if (fault) return { fault };
    if (!result) return { fault: { message: "no element", line: 0, column: 0 } };
    return { node: result };
  };
}

/**
 * The value fast-xml-parser gives an element: its text alone, or its node with `#text` when it has attributes or
 * children.
 */
function elementValue(frame: Frame): XmlNode | string {
  const text = frame.raw ?? frame.text.trim();
  if (!hasKeys(frame.node)) return text;
  if (text !== "") frame.node["#text"] = text;
  return frame.node;
}

/** Whether the node has an attribute or a child (without building Object.keys' array). */
function hasKeys(node: XmlNode): boolean {
  for (const key in node) if (Object.hasOwn(node, key)) return true;
  return false;
}

function addChild(parent: XmlNode, name: string, value: XmlNode | string) {
  const existing = parent[name];
  if (existing === undefined) parent[name] = PUBMED_ARRAY_ELEMENTS.has(name) ? [value] : value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent[name] = [existing, value];
}
