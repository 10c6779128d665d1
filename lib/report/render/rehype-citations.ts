import { findMarkers, sentenceAround, type MarkerToken } from "@/lib/grounding/markers";

/** The few HTML-AST (hast) shapes this transform touches; everything else passes through untouched. */
interface HastText {
  type: "text";
  value: string;
}
interface HastElement {
  type: "element";
  tagName: string;
  properties: Record<string, unknown>;
  children: HastNode[];
}
type HastNode =
  HastText | HastElement | { type: "root" | "comment" | "doctype" | "raw"; children?: HastNode[]; value?: string };

/** Tag of the element a marker becomes; the report renders it as a citation with a hover card. */
export const CITATION_TAG = "cite";

/** What a citation element carries (as `data-*` attributes): the marker's parts and the sentence it cites. */
export interface CitationData {
  tokens: MarkerToken[];
  sentence: string;
}

const BLOCKS = new Set(["p", "li", "td", "th"]);
const NESTED_BLOCKS = new Set(["p", "ul", "ol", "li", "table", "blockquote", "pre", "div"]);
const OPAQUE = new Set(["a", "code", CITATION_TAG]);

function isElement(node: HastNode): node is HastElement {
  return node.type === "element";
}

function textOf(node: HastNode): string {
  if (node.type === "text") return (node as HastText).value;
  return "children" in node && node.children ? node.children.map(textOf).join("") : "";
}

/**
 * The block's visible text (its text and raw-HTML nodes, which are rendered as text, outside nested blocks) and
 * the text nodes that may hold markers (not inside links, code or citations), with their offsets in that text.
 */
function collect(block: HastElement): {
  text: string;
  nodes: Array<{ node: HastText; parent: HastElement; offset: number }>;
} {
  let text = "";
  const nodes: Array<{ node: HastText; parent: HastElement; offset: number }> = [];
  const walk = (parent: HastElement, transformable: boolean) => {
    for (const child of parent.children) {
      if (child.type === "text") {
        if (transformable) nodes.push({ node: child as HastText, parent, offset: text.length });
        text += (child as HastText).value;
      } else if (child.type === "raw") {
        // Raw HTML of the markdown is shown as text, so it is part of the sentence a reader sees.
        text += child.value ?? "";
      } else if (isElement(child) && !NESTED_BLOCKS.has(child.tagName)) {
        walk(child, transformable && !OPAQUE.has(child.tagName));
      }
    }
  };
  walk(block, true);
  return { text, nodes };
}

function citeBlock(block: HastElement, referenceCount: number): void {
  const { text, nodes } = collect(block);
  for (const { node, parent, offset } of nodes) {
    const markers = findMarkers(node.value, referenceCount);
    if (markers.length === 0) continue;
    const replacement: HastNode[] = [];
    let last = 0;
    for (const m of markers) {
      if (m.start > last) replacement.push({ type: "text", value: node.value.slice(last, m.start) });
      const data: CitationData = { tokens: m.tokens, sentence: sentenceAround(text, offset + m.start) };
      replacement.push({
        type: "element",
        tagName: CITATION_TAG,
        properties: { dataCitation: JSON.stringify(data) },
        children: [{ type: "text", value: node.value.slice(m.start, m.end) }],
      });
      last = m.end;
    }
    if (last < node.value.length) replacement.push({ type: "text", value: node.value.slice(last) });
    parent.children.splice(parent.children.indexOf(node), 1, ...replacement);
  }
}

function visit(node: HastNode, referenceCount: number): void {
  if (!isElement(node)) return;
  if (BLOCKS.has(node.tagName)) citeBlock(node, referenceCount);
  for (const child of [...node.children]) visit(child, referenceCount);
}

/**
 * A rehype plugin that turns the inline [n] markers of a rendered report into `<cite data-citation="…">` elements
 * (see {@link CitationData}): each carries the marker's reference numbers and the sentence of its paragraph or list
 * item that contains it. Markers inside links and code are left alone, and so is everything from the
 * "References" heading on (the numbered list itself). Numbers above `referenceCount` are not markers.
 */
export function rehypeCitations(options: { referenceCount: number }) {
  return (tree: { children: HastNode[] }) => {
    for (const child of tree.children) {
      if (isElement(child) && /^h[1-6]$/.test(child.tagName) && textOf(child).trim() === "References") break;
      visit(child, options.referenceCount);
    }
  };
}

/** Reads the data a citation element carries; null when it is missing or malformed. */
export function readCitationData(value: unknown): CitationData | null {
  if (typeof value !== "string") return null;
  try {
    const data = JSON.parse(value) as CitationData;
    return Array.isArray(data.tokens) && typeof data.sentence === "string" ? data : null;
  } catch {
    return null;
  }
}
