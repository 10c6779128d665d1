import type { FlowDiagramLayout } from "./flow-diagram-layout";

/**
 * An SVG element as data: tag, attributes (SVG attribute names, as written in the file) and children. The report
 * page renders it with React and the "PRISMA (SVG)" download serialises it (svgToString), so both show the same
 * figure from one description.
 */
export interface SvgNode {
  tag: string;
  attrs: Record<string, string | number>;
  children: Array<SvgNode | string>;
}

function el(tag: string, attrs: Record<string, string | number>, ...children: Array<SvgNode | string>): SvgNode {
  return { tag, attrs, children };
}

/**
 * The PRISMA 2020 flow diagram as SVG (role="img", labelled by its description, every count as <text>), drawn in
 * `currentColor` so it follows the theme and prints in black. `idPrefix` keeps the arrow marker's id unique when
 * a page shows several diagrams (one per claim).
 */
export function flowDiagramSvg(layout: FlowDiagramLayout, idPrefix = "prisma"): SvgNode {
  const marker = `${idPrefix}-arrow`;
  return el(
    "svg",
    {
      xmlns: "http://www.w3.org/2000/svg",
      role: "img",
      "aria-label": layout.description,
      viewBox: `0 0 ${layout.width} ${layout.height}`,
      width: layout.width,
      height: layout.height,
      "font-family": "system-ui, sans-serif",
      "font-size": 13,
    },
    el("title", {}, layout.description),
    el(
      "defs",
      {},
      el(
        "marker",
        {
          id: marker,
          viewBox: "0 0 10 10",
          refX: 9,
          refY: 5,
          markerWidth: 7,
          markerHeight: 7,
          orient: "auto-start-reverse",
        },
        el("path", { d: "M0,0 L10,5 L0,10 z", fill: "currentColor" }),
      ),
    ),
    ...layout.stages.map((s) => {
      const cy = s.y + s.height / 2;
      return el(
        "g",
        {},
        el("rect", {
          x: 1,
          y: s.y,
          width: 26,
          height: s.height,
          rx: 4,
          fill: "none",
          stroke: "currentColor",
          "stroke-opacity": 0.4,
        }),
        el(
          "text",
          {
            x: 14,
            y: cy,
            "text-anchor": "middle",
            "dominant-baseline": "middle",
            "font-size": 11,
            transform: `rotate(-90 14 ${cy})`,
            fill: "currentColor",
          },
          s.label,
        ),
      );
    }),
    ...layout.boxes.map((b) =>
      el(
        "g",
        { "data-testid": "prisma-box" },
        el("rect", { x: b.x, y: b.y, width: b.width, height: b.height, rx: 4, fill: "none", stroke: "currentColor" }),
        ...b.titleRows.map((row, j) =>
          el("text", { x: b.x + 10, y: b.y + 24 + 18 * j, "font-weight": "bold", fill: "currentColor" }, row),
        ),
        ...b.lineRows.map((row, j) =>
          el("text", { x: b.x + 10, y: b.y + 24 + 18 * (b.titleRows.length + j), fill: "currentColor" }, row),
        ),
      ),
    ),
    ...layout.arrows.map((a) =>
      el("line", { x1: a.x1, y1: a.y1, x2: a.x2, y2: a.y2, stroke: "currentColor", "marker-end": `url(#${marker})` }),
    ),
  );
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Serialises an SVG node as XML (attributes and text escaped). */
export function svgToString(node: SvgNode): string {
  const attrs = Object.entries(node.attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join("");
  const children = node.children.map((c) => (typeof c === "string" ? escapeXml(c) : svgToString(c))).join("");
  return children ? `<${node.tag}${attrs}>${children}</${node.tag}>` : `<${node.tag}${attrs}/>`;
}
