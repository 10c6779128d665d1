import { createElement, type ReactNode } from "react";
import type { PrismaLayout } from "@/lib/report/prisma-layout";
import { prismaSvg, type SvgNode } from "@/lib/report/prisma-svg";

/** React's names for the SVG attributes the diagram uses (the rest, e.g. viewBox, role, aria-*, data-*, are the same). */
const REACT_NAMES: Record<string, string> = {
  "font-family": "fontFamily",
  "font-size": "fontSize",
  "font-weight": "fontWeight",
  "text-anchor": "textAnchor",
  "dominant-baseline": "dominantBaseline",
  "stroke-opacity": "strokeOpacity",
  "marker-end": "markerEnd",
};

function render(node: SvgNode | string, key?: number): ReactNode {
  if (typeof node === "string") return node;
  const props: Record<string, unknown> = { key };
  for (const [k, v] of Object.entries(node.attrs)) props[REACT_NAMES[k] ?? k] = v;
  return createElement(node.tag, props, ...node.children.map((c, i) => render(c, i)));
}

/** The PRISMA 2020 flow diagram (lib/report/prisma-svg.ts) as an inline SVG, scaled down to the width available. */
export function PrismaSvg({ layout, idPrefix }: { layout: PrismaLayout; idPrefix?: string }) {
  const svg = prismaSvg(layout, idPrefix);
  return render({ ...svg, attrs: { ...svg.attrs, className: "h-auto max-w-full", "data-testid": "prisma-svg" } });
}

/** The diagram as a captioned figure of the report page (kept in print). */
export function PrismaFigure({ layout, caption, idPrefix }: { layout: PrismaLayout; caption: string; idPrefix?: string }) {
  return (
    <figure data-testid="prisma-figure" className="overflow-x-auto text-foreground">
      <PrismaSvg layout={layout} idPrefix={idPrefix} />
      <figcaption className="mt-2 text-sm text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}
