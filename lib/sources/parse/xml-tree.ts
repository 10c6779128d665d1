import { Parser } from "saxen";
import { decodeEntities } from "./markup";

/**
 * An XML element as a small ordered tree: its tag name as written ("sec", "mml:math"), its attributes (character
 * references decoded) and its children in document order, text as decoded strings. Mixed content (a JATS paragraph's
 * text around its <italic> and <xref> elements) keeps its order, which a key-per-child object cannot.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: Array<XmlElement | string>;
}

/** The XML could not be read: saxen's message with the 1-based line and column where it stopped. */
export class XmlSyntaxError extends Error {
  override name = "XmlSyntaxError";
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${message} (line ${line}, column ${column})`);
  }
}

/**
 * Parses a whole XML document with saxen (a fast, non-validating SAX parser that checks that tags nest and close;
 * external DTDs are not loaded, which JATS files do not need) into an {@link XmlElement} tree. Elements named in
 * `skip` are tokenised but not built (a JATS reference list is a third of an article). Comments and processing
 * instructions are dropped; CDATA is text.
 * @returns the root element.
 * @throws XmlSyntaxError when the XML is malformed (saxen's errors and warnings both count) or holds no element.
 */
export function parseXmlTree(xml: string, skip: ReadonlySet<string> = new Set()): XmlElement {
  const parser = new Parser();
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let skipping = 0;
  let fault: XmlSyntaxError | null = null;
  parser.on("openTag", (name, getAttrs, _decode, selfClosing) => {
    if (skipping > 0 || skip.has(name)) {
      if (!selfClosing) skipping++;
      return;
    }
    const raw = getAttrs();
    const attrs: Record<string, string> = {};
    for (const key in raw) attrs[key] = decodeEntities(raw[key]);
    const element: XmlElement = { name, attrs, children: [] };
    if (stack.length > 0) stack[stack.length - 1].children.push(element);
    else if (root === null) root = element;
    if (!selfClosing) stack.push(element);
  });
  parser.on("closeTag", (_name, _decode, selfClosing) => {
    if (selfClosing) return;
    if (skipping > 0) skipping--;
    else stack.pop();
  });
  parser.on("text", (text) => {
    if (skipping === 0 && stack.length > 0) stack[stack.length - 1].children.push(decodeEntities(text));
  });
  parser.on("cdata", (text) => {
    if (skipping === 0 && stack.length > 0) stack[stack.length - 1].children.push(text);
  });
  const onFault = (error: Error, getContext: () => { line: number; column: number }) => {
    if (fault) return;
    const { line, column } = getContext();
    fault = new XmlSyntaxError(error.message, line + 1, column + 1);
    parser.stop();
  };
  parser.on("error", onFault);
  parser.on("warn", onFault);
  parser.parse(xml);
  if (fault) throw fault;
  if (root === null) throw new XmlSyntaxError("no element", 1, 1);
  if (stack.length > 0) throw new XmlSyntaxError(`<${stack[stack.length - 1].name}> is not closed`, 1, 1);
  return root;
}

/** The child elements of `element`, optionally only those named `name`. */
export function childElements(element: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of element.children)
    if (typeof child !== "string" && (name === undefined || child.name === name)) out.push(child);
  return out;
}

/** The first child element named `name`, or null. */
export function childElement(element: XmlElement | null, name: string): XmlElement | null {
  if (!element) return null;
  for (const child of element.children) if (typeof child !== "string" && child.name === name) return child;
  return null;
}

/** The first element named `name` in document order below `element` (depth first), or null. */
export function findElement(element: XmlElement | null, name: string): XmlElement | null {
  if (!element) return null;
  for (const child of element.children) {
    if (typeof child === "string") continue;
    if (child.name === name) return child;
    const found = findElement(child, name);
    if (found) return found;
  }
  return null;
}

/** Every element named `name` below `element`, in document order (not below a match). */
export function findElements(element: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const child of element.children) {
    if (typeof child === "string") continue;
    if (child.name === name) out.push(child);
    else findElements(child, name, out);
  }
  return out;
}

/** All the text below `element`, in order, with whitespace collapsed to single spaces and trimmed. */
export function elementText(element: XmlElement | null): string {
  if (!element) return "";
  const parts: string[] = [];
  const walk = (e: XmlElement) => {
    for (const child of e.children) {
      if (typeof child === "string") parts.push(child);
      else walk(child);
    }
  };
  walk(element);
  return parts.join("").replace(/\s+/g, " ").trim();
}
