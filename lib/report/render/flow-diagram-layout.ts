import { SOURCE_LABELS, type SourceId } from "@/lib/domain/evidence";
import type { SearchStrategy } from "@/lib/domain/claim-check";
import type { ClaimFlow, ResearchFlow } from "@/lib/report/appraise/flow-diagram";

/**
 * A box of the diagram: position and size in SVG user units (px), a bold title and plain lines below, as written
 * (`title`, `lines`) and as drawn (`titleRows`, `lineRows`: each wrapped to the box's width; every row but a wrapped
 * line's last keeps its trailing space, so the box's text reads the same either way).
 */
export interface FlowBox {
  x: number;
  y: number;
  width: number;
  height: number;
  title: string;
  lines: string[];
  titleRows: string[];
  lineRows: string[];
}

/** An arrow from (x1, y1) to (x2, y2), head at the end. */
export interface FlowArrow {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** A stage label on the left edge ("Identification", "Screening", "Included"), centred on its row. */
export interface FlowStage {
  label: string;
  y: number;
  height: number;
}

/** The whole figure: its size, boxes, arrows, stage labels and a one-sentence description for `aria-label`. */
export interface FlowDiagramLayout {
  width: number;
  height: number;
  boxes: FlowBox[];
  arrows: FlowArrow[];
  stages: FlowStage[];
  description: string;
}

/** Geometry in px: line height, box padding, column positions and widths, gaps (our choice, fits 700 px). */
const LINE = 18;
const PAD = 10;
const STAGE_WIDTH = 28;
const LEFT = { x: STAGE_WIDTH + 12, width: 300 };
const RIGHT = { x: LEFT.x + LEFT.width + 40, width: 300 };
const ROW_GAP = 34;
export const FLOW_DIAGRAM_WIDTH = RIGHT.x + RIGHT.width + 2;
/**
 * Widest advance of one character, in px, of the diagram's 13 px text (bold for titles) and of the 11 px stage
 * labels, in common sans-serif faces (upper bounds of their average advance, so an estimate never underflows a box).
 */
export const CHAR_WIDTH = { text: 7.2, bold: 7.9, stage: 6.6 } as const;

/** `text` wrapped at spaces into rows no wider than `width` px at `charWidth` px a character. */
export function wrapText(text: string, width: number, charWidth: number): string[] {
  const max = Math.max(8, Math.floor(width / charWidth));
  const rows: string[] = [];
  let row = "";
  for (const word of text.split(" ")) {
    if (row && (row + word).length > max) {
      rows.push(row);
      row = "";
    }
    row += `${word} `;
  }
  rows.push(row.trimEnd());
  return rows;
}

const STRATEGY_LABELS: Record<SearchStrategy, string> = {
  keyword: "Keyword search",
  semantic: "Semantic search",
  hyde: "Search by example abstracts",
};

function n(count: number): string {
  return `n = ${count}`;
}

function boxHeight(rows: number): number {
  return PAD * 2 + LINE * rows;
}

/** A box's text wrapped to its width. */
function rowsOf(text: { title: string; lines: string[] }, width: number): { titleRows: string[]; lineRows: string[] } {
  const inner = width - PAD * 2;
  return {
    titleRows: wrapText(text.title, inner, CHAR_WIDTH.bold),
    lineRows: text.lines.flatMap((l) => wrapText(l, inner, CHAR_WIDTH.text)),
  };
}

/**
 * The generic three-row PRISMA 2020 layout, from the texts of its five boxes; with `fullText`, a fourth row between
 * screening and inclusion: the full-text articles assessed, and those read from the abstract only beside them.
 */
function layout(rows: {
  identified: { title: string; lines: string[] };
  removed: { title: string; lines: string[] };
  screened: { title: string; lines: string[] };
  excluded: { title: string; lines: string[] };
  fullText?: { assessed: { title: string; lines: string[] }; abstractOnly: { title: string; lines: string[] } };
  included: { title: string; lines: string[] };
  description: string;
}): FlowDiagramLayout {
  const boxes: FlowBox[] = [];
  const arrows: FlowArrow[] = [];
  const stages: FlowStage[] = [];
  let y = 0;
  const row = (
    stage: string,
    left: { title: string; lines: string[] },
    right: { title: string; lines: string[] } | null,
  ) => {
    const l = rowsOf(left, LEFT.width);
    const r = right ? rowsOf(right, RIGHT.width) : null;
    // Tall enough for the rotated stage label too ("Identification" must not be cut).
    const stageHeight = Math.ceil(stage.length * CHAR_WIDTH.stage) + PAD * 2;
    const height = Math.max(
      boxHeight(l.titleRows.length + l.lineRows.length),
      r ? boxHeight(r.titleRows.length + r.lineRows.length) : 0,
      stageHeight,
    );
    boxes.push({ x: LEFT.x, y, width: LEFT.width, height, ...left, ...l });
    if (right && r) {
      boxes.push({ x: RIGHT.x, y, width: RIGHT.width, height, ...right, ...r });
      arrows.push({ x1: LEFT.x + LEFT.width, y1: y + height / 2, x2: RIGHT.x, y2: y + height / 2 });
    }
    stages.push({ label: stage, y, height });
    const top = y;
    y += height + ROW_GAP;
    return top + height;
  };
  const bottom1 = row("Identification", rows.identified, rows.removed);
  arrows.push({ x1: LEFT.x + LEFT.width / 2, y1: bottom1, x2: LEFT.x + LEFT.width / 2, y2: bottom1 + ROW_GAP });
  const bottom2 = row("Screening", rows.screened, rows.excluded);
  arrows.push({ x1: LEFT.x + LEFT.width / 2, y1: bottom2, x2: LEFT.x + LEFT.width / 2, y2: bottom2 + ROW_GAP });
  if (rows.fullText) {
    const bottom3 = row("Full text", rows.fullText.assessed, rows.fullText.abstractOnly);
    arrows.push({ x1: LEFT.x + LEFT.width / 2, y1: bottom3, x2: LEFT.x + LEFT.width / 2, y2: bottom3 + ROW_GAP });
  }
  row("Included", rows.included, null);
  return { width: FLOW_DIAGRAM_WIDTH, height: y - ROW_GAP + 2, boxes, arrows, stages, description: rows.description };
}

function total(counts: Partial<Record<string, number>>): number {
  return Object.values(counts).reduce<number>((s, v) => s + (v ?? 0), 0);
}

/** The PRISMA 2020 diagram of a research run (see researchFlow for the counts). */
export function researchFlowLayout(flow: ResearchFlow): FlowDiagramLayout {
  const identified = total(flow.identified);
  const sources = (Object.keys(flow.identified) as SourceId[]).map(
    (s) => `${SOURCE_LABELS[s]}: ${n(flow.identified[s] ?? 0)}`,
  );
  const removed = flow.duplicatesRemoved + flow.removedBeforeScreening.reduce((s, r) => s + r.n, 0);
  const excluded = flow.excluded.reduce((s, r) => s + r.n, 0);
  return layout({
    identified: {
      title: `Records identified (${n(identified)})`,
      lines: sources.length > 0 ? sources : ["No search returned records"],
    },
    removed: {
      title: `Removed before screening (${n(removed)})`,
      lines: [
        `Duplicates: ${n(flow.duplicatesRemoved)}`,
        ...flow.removedBeforeScreening.map((r) => `${capitalised(r.reason)}: ${n(r.n)}`),
      ],
    },
    screened: { title: `Records screened (${n(flow.screened)})`, lines: ["Read by the agents"] },
    excluded: {
      title: `Records excluded (${n(excluded)})`,
      lines: flow.excluded.map((r) => `${capitalised(r.reason)}: ${n(r.n)}`),
    },
    // Shown when the report read any full text: a run that read abstracts only keeps PRISMA's three rows.
    ...(flow.readInFull > 0
      ? {
          fullText: {
            assessed: { title: `Full-text articles assessed (${n(flow.readInFull)})`, lines: ["Read in full"] },
            abstractOnly: {
              title: `Abstract only (${n(flow.screened - flow.readInFull)})`,
              lines: ["No open full text read"],
            },
          },
        }
      : {}),
    included: {
      title: `Records included (${n(flow.included)})`,
      lines: [
        `Cited in the report: ${n(flow.cited)}`,
        ...(flow.included > flow.cited ? [`Counted in the bottom line: ${n(flow.included - flow.cited)}`] : []),
      ],
    },
    description:
      `PRISMA 2020 flow diagram: ${identified} records identified, ${flow.duplicatesRemoved} duplicates removed, ` +
      `${flow.screened} screened, ${excluded} excluded, ` +
      (flow.readInFull > 0 ? `${flow.readInFull} full-text articles assessed, ` : "") +
      `${flow.included} included, ${flow.cited} of them cited in the report.`,
  });
}

/** The PRISMA 2020 diagram of one claim of a claim check (see claimCheckFlows). */
export function claimFlowLayout(flow: ClaimFlow): FlowDiagramLayout {
  const identified = total(flow.identified);
  const excluded = flow.excluded.reduce((s, r) => s + r.n, 0);
  return layout({
    identified: {
      title: `Documents found (${n(identified)})`,
      lines: (Object.keys(flow.identified) as SearchStrategy[]).map(
        (s) => `${STRATEGY_LABELS[s]}: ${n(flow.identified[s])}`,
      ),
    },
    removed: {
      title: `Removed before scoring (${n(flow.removedBeforeScreening)})`,
      lines: ["Duplicates, the claim's own source,", "over the cap of 100"],
    },
    screened: { title: `Documents scored (${n(flow.screened)})`, lines: ["Scored 0–5 for the counter-statement"] },
    excluded: {
      title: `Documents excluded (${n(excluded)})`,
      lines: flow.excluded.map((r) => `${capitalised(r.reason)}: ${n(r.n)}`),
    },
    included: { title: `Documents cited (${n(flow.included)})`, lines: ["With a passage verified in the abstract"] },
    description:
      `PRISMA 2020 flow diagram for claim ${flow.claim}: ${identified} documents found, ${flow.screened} scored, ` +
      `${excluded} excluded, ${flow.included} cited.`,
  });
}

function capitalised(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}
