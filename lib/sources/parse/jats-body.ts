import type { Passage, SectionType } from "@/lib/domain/fulltext";
import { childElement, childElements, elementText, type XmlElement } from "./xml-tree";
import { sectionTypeOf } from "./sections";

/** Elements inside a paragraph that are read as passages of their own, not as the paragraph's words. */
const BLOCKS = new Set(["table-wrap", "table-wrap-group", "fig", "fig-group", "list", "disp-quote", "boxed-text"]);
/** Elements whose text is not prose: formulas as MathML or TeX, and graphics. */
const NOT_TEXT = new Set(["mml:math", "math", "tex-math", "graphic", "inline-graphic", "media", "object-id"]);
/** Sections of the back matter not read: they are not the article's findings. */
const BACK_SKIPPED = new Set(["ref-list", "fn-group", "glossary", "notes", "ack", "bio"]);

/** The section a passage is in: its heading, kind and key in passage ids ("results", "s4"). */
interface Section {
  heading: string | null;
  type: SectionType;
  key: string;
}

/**
 * Where a table or figure is first mentioned (its `xref rid`): the section, and the number of passages before the
 * mentioning paragraph, so a float placed after the body (PMC's floats-group) is read right after that paragraph.
 */
type Mentions = Map<string, Section & { before: number }>;

/**
 * The text of a paragraph-like element: inline elements flattened in order, block elements (tables, figures, lists)
 * left out, formulas and graphics dropped; a superscript number after "10" written as a power ("10<sup>9</sup>/L" →
 * "10^9/L", as a PDF's raised digits are read), other superscripts and subscripts inline. Table and figure mentions
 * are recorded in `mentions` with `section`.
 */
function inlineText(element: XmlElement, section: Section, mentions: Mentions, before = -1): string {
  let out = "";
  const walk = (e: XmlElement) => {
    for (const child of e.children) {
      if (typeof child === "string") {
        out += child;
        continue;
      }
      if (BLOCKS.has(child.name) || NOT_TEXT.has(child.name)) continue;
      if (child.name === "xref" && /^(?:table|fig)$/.test(child.attrs["ref-type"] ?? "")) {
        for (const rid of (child.attrs.rid ?? "").split(/\s+/))
          if (rid && !mentions.has(rid)) mentions.set(rid, { ...section, before });
      }
      if (child.name === "sup" && /10\s*$/.test(out) && /^[−-]?\d+$/.test(elementText(child))) {
        out = `${out.replace(/\s+$/, "")}^${elementText(child).replace("−", "-")}`;
        continue;
      }
      walk(child);
    }
  };
  walk(element);
  return out.replace(/\s+/g, " ").trim();
}

/** A table's or figure's label and caption as one line: "Table 2: <caption title and paragraphs>", either alone. */
function labelledCaption(element: XmlElement, section: Section, mentions: Mentions): string {
  const label = elementText(childElement(element, "label"));
  const caption = childElement(element, "caption");
  const text = caption
    ? childElements(caption)
        .map((c) => inlineText(c, section, mentions))
        .join(" ")
    : "";
  return [label, text].filter(Boolean).join(": ");
}

/** A table as text: "Table 2: <caption>", the header and body rows (cells joined by " | "), then its footnotes. */
function tableText(wrap: XmlElement, section: Section, mentions: Mentions): string {
  const lines = [labelledCaption(wrap, section, mentions)];
  const rows: XmlElement[] = [];
  const collectRows = (e: XmlElement) => {
    for (const child of childElements(e)) {
      if (child.name === "tr") rows.push(child);
      else if (child.name !== "caption") collectRows(child);
    }
  };
  for (const table of childElements(wrap).filter((c) => c.name === "table" || c.name === "alternatives")) {
    collectRows(table);
  }
  for (const row of rows) {
    const cells = childElements(row).filter((c) => c.name === "th" || c.name === "td");
    const text = cells.map((c) => inlineText(c, section, mentions)).join(" | ");
    if (text.replace(/[|\s]/g, "")) lines.push(text);
  }
  const foot = childElement(wrap, "table-wrap-foot");
  if (foot) lines.push(inlineText(foot, section, mentions));
  return lines.filter(Boolean).join("\n");
}

/** A figure's caption as text: "Figure 3: <title> <caption paragraphs>". */
function figureText(fig: XmlElement, section: Section, mentions: Mentions): string {
  return labelledCaption(fig, section, mentions);
}

/**
 * The passages of a JATS article's body and back matter, in reading order (see passageSchema for the ids):
 * paragraphs by section (a subsection's paragraphs are numbered within its top-level section and take its kind unless
 * their own heading names one), list items as paragraphs, tables and figure captions where they stand (floats after
 * the body take the section that first mentions them). Reference lists, footnotes, acknowledgements and formulas are
 * not read. `doc` is the id prefix (the PMCID, else the record's evidence key).
 */
export function jatsPassages(article: XmlElement, doc: string): Passage[] {
  const passages: Passage[] = [];
  const mentions: Mentions = new Map();
  const counters = new Map<string, number>();
  const usedKeys = new Set<string>();
  let topLevel = 0;
  let tables = 0;
  let figures = 0;
  const floats: XmlElement[] = [];
  /** Floats read after the body, each to go after the paragraph that first mentions it. */
  const later: Array<{ after: number; passage: Passage }> = [];

  const passage = (section: Section, kind: Passage["kind"], text: string, id: string): Passage => ({
    id,
    section: section.heading,
    sectionType: section.type,
    page: null,
    kind,
    text,
  });
  const push = (section: Section, kind: Passage["kind"], text: string, id: string) => {
    if (text) passages.push(passage(section, kind, text, id));
  };
  const paragraph = (section: Section, text: string) => {
    const n = (counters.get(section.key) ?? 0) + 1;
    counters.set(section.key, n);
    push(section, "paragraph", text, `${doc}·${section.key}·${n}`);
  };
  const floatPassage = (element: XmlElement, at: Section) =>
    element.name === "table-wrap"
      ? passage(at, "table", tableText(element, at, mentions), `${doc}·table${++tables}`)
      : passage(at, "caption", figureText(element, at, mentions), `${doc}·figure${++figures}`);
  const float = (element: XmlElement, section: Section | null) => {
    if (section) {
      const p = floatPassage(element, section);
      if (p.text) passages.push(p);
      return;
    }
    const mention = mentions.get(element.attrs.id ?? "");
    if (!mention) return void floats.push(element);
    const p = floatPassage(element, mention);
    if (p.text) later.push({ after: mention.before, passage: p });
  };
  const walk = (element: XmlElement, section: Section) => {
    for (const child of childElements(element)) {
      switch (child.name) {
        case "sec":
        case "app":
          walk(child, subsection(child, section));
          break;
        case "p": {
          paragraph(section, inlineText(child, section, mentions, passages.length));
          for (const nested of childElements(child))
            if (BLOCKS.has(nested.name)) walk({ ...child, children: [nested] }, section);
          break;
        }
        case "list":
        case "list-item":
        case "disp-quote":
        case "boxed-text":
        case "table-wrap-group":
        case "fig-group":
        case "statement":
          walk(child, section);
          break;
        case "table-wrap":
        case "fig":
          float(child, section);
          break;
      }
    }
  };
  const subsection = (sec: XmlElement, parent: Section | null): Section => {
    const heading = [elementText(childElement(sec, "label")), elementText(childElement(sec, "title"))]
      .filter(Boolean)
      .join(" ")
      .trim();
    const own = sectionTypeOf(heading || null, sec.attrs["sec-type"]);
    if (parent) return { heading: heading || parent.heading, type: own ?? parent.type, key: parent.key };
    topLevel++;
    const type = own ?? "other";
    const key = own && !usedKeys.has(own) ? own : `s${topLevel}`;
    usedKeys.add(key);
    return { heading: heading || null, type, key };
  };

  const body = childElement(article, "body");
  if (body) {
    const lead: Section = { heading: null, type: "other", key: "body" };
    for (const child of childElements(body)) {
      if (child.name === "sec") walk(child, subsection(child, null));
      else walk({ ...body, children: [child] }, lead);
    }
  }
  const back = childElement(article, "back");
  for (const child of back ? childElements(back) : []) {
    if (BACK_SKIPPED.has(child.name)) continue;
    if (child.name === "sec" || child.name === "app") walk(child, subsection(child, null));
    else if (child.name === "app-group")
      for (const app of childElements(child, "app")) walk(app, subsection(app, null));
  }
  const floatsGroup = childElement(article, "floats-group");
  for (const child of floatsGroup ? childElements(floatsGroup) : []) {
    if (child.name === "table-wrap" || child.name === "fig") float(child, null);
  }
  // Floats no paragraph mentions: after everything else, in their own section.
  const unplaced: Section = { heading: null, type: "other", key: "floats" };
  for (const element of floats) float(element, unplaced);
  if (later.length === 0) return passages;
  const out: Passage[] = [];
  passages.forEach((p, i) => {
    out.push(p);
    for (const f of later) if (f.after === i) out.push(f.passage);
  });
  for (const f of later) if (f.after < 0 || f.after >= passages.length) out.push(f.passage);
  return out;
}
