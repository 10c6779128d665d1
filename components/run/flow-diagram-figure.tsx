import { createElement, type ReactNode } from "react";
import type { FlowDiagramLayout } from "@/lib/report/render/flow-diagram-layout";
import { flowDiagramSvg, type SvgNode } from "@/lib/report/render/flow-diagram-svg";

/**
 * React's names for the SVG attributes the diagram uses (the rest, e.g. viewBox, role, aria-*, data-*, are the same).
 */
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

/**
 * The PRISMA 2020 flow diagram (lib/report/render/flow-diagram-svg.ts) as an inline SVG, scaled down to the width
 * available.
 */
export function FlowDiagramSvg({ layout, idPrefix }: { layout: FlowDiagramLayout; idPrefix?: string }) {
  const svg = flowDiagramSvg(layout, idPrefix);
  return render({ ...svg, attrs: { ...svg.attrs, className: "h-auto max-w-full", "data-testid": "prisma-svg" } });
}

/**
 * The diagram's boxes as a list, stage by stage (the figure on a narrow screen, where the diagram would be too small
 * to read): "Identification — Records identified (n = 88): Local library: n = 88".
 */
function FlowDiagramList({ layout }: { layout: FlowDiagramLayout }) {
  return (
    <ol className="space-y-2 text-sm" data-testid="prisma-list">
      {layout.stages.map((stage) => (
        <li key={stage.label}>
          <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{stage.label}</span>
          <ul className="mt-1 space-y-1">
            {layout.boxes
              .filter((b) => b.y === stage.y)
              .map((b, i) => (
                <li
                  key={i}
                  className={`rounded-md border border-border px-3 py-2 ${b.x > layout.width / 3 ? "ml-4" : ""}`}
                >
                  <span className="block font-semibold">{b.title}</span>
                  {b.lines.map((l) => (
                    <span key={l} className="block">
                      {l}
                    </span>
                  ))}
                </li>
              ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/**
 * The diagram as a captioned figure of the report page (kept in print): the SVG from 640 px up, scaled down to the
 * width available; below that, the same boxes as a list, so no label is ever too small to read or cut.
 */
export function FlowDiagramFigure({
  layout,
  caption,
  idPrefix,
}: {
  layout: FlowDiagramLayout;
  caption: ReactNode;
  idPrefix?: string;
}) {
  return (
    <figure data-testid="prisma-figure" className="text-foreground">
      <div className="hidden sm:block print:block">
        <FlowDiagramSvg layout={layout} idPrefix={idPrefix} />
      </div>
      <div className="sm:hidden print:hidden">
        <FlowDiagramList layout={layout} />
      </div>
      <figcaption className="mt-2 text-sm text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}
