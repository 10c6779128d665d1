import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReportDocument } from "@/components/run/report-document";
import type { Reference } from "@/lib/domain/report";
import { readCitationData, rehypeCitations } from "@/lib/report/render/rehype-citations";
import { safeUrl } from "@/lib/report/render/safe-url";

const REFERENCES: Reference[] = [
  {
    n: 1,
    evidenceId: "pmid:9226773",
    source: "local",
    title: "Persistent nephrogenic diabetes insipidus following lithium therapy.",
    authors: [],
    journal: null,
    year: null,
    pmid: "9226773",
    doi: null,
    nctId: null,
    url: "https://pubmed.ncbi.nlm.nih.gov/9226773/",
  },
  {
    n: 2,
    evidenceId: "pmid:3001299",
    source: "local",
    title: "Thyroid function and urine-concentrating ability during lithium treatment.",
    authors: [],
    journal: null,
    year: null,
    pmid: "3001299",
    doi: null,
    nctId: null,
    url: "https://pubmed.ncbi.nlm.nih.gov/3001299/",
  },
];

function render(markdown: string): string {
  return renderToStaticMarkup(createElement(ReportDocument, { markdown, references: REFERENCES, records: [] }));
}

describe("ReportDocument", () => {
  it("renders raw HTML of model or abstract text as text, never as markup", () => {
    const html = render(
      '## Findings\n\nLithium <img src=x onerror="window.__xss=1"> caused polyuria ' +
        "<script>window.__xss=2</script> [1].\n",
    );
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain(
      "Lithium &lt;img src=x onerror=&quot;window.__xss=1&quot;&gt; caused polyuria " +
        '&lt;script&gt;window.__xss=2&lt;/script&gt; <span class="relative" data-testid="citation">[<button',
    );
  });

  it("keeps only http(s) and mailto links; javascript:, data: and relative links become plain text", () => {
    const html = render(
      "[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html,x) [d](/reports/other) " +
        "[e](https://pubmed.ncbi.nlm.nih.gov/1/) [f](mailto:a@b.org) ![g](javascript:alert(1))",
    );
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      "https://pubmed.ncbi.nlm.nih.gov/1/",
      "mailto:a@b.org",
    ]);
    expect(html).toContain("<span>a</span> <span>b</span> <span>c</span> <span>d</span>");
    expect(html).toContain("<span>g</span>");
  });

  it("turns [n] markers into citation buttons, but not in links, code or the References list", () => {
    const html = render(
      "Polyuria persisted [1]. Both agree [1, 2]. See `[1]` and [[2]](https://example.org/).\n\n## " +
        "References\n\n1. A title [2].\n",
    );
    const buttons = [
      ...html.matchAll(/<button[^>]*data-testid="citation-marker" aria-label="([^"]+)"[^>]*>(\d+)<\/button>/g),
    ].map((m) => `${m[1]}: ${m[2]}`);
    expect(buttons).toEqual(["Reference 1: 1", "Reference 1: 1", "Reference 2: 2"]);
    expect(html).toContain("<code>[1]</code>");
    expect(html).toContain("<li>A title [2].</li>");
  });
});

describe("safeUrl", () => {
  it("strips control characters that browsers ignore before checking the scheme", () => {
    expect(safeUrl("java\tscript:alert(1)")).toBe("");
    expect(safeUrl(" https://doi.org/10.1/x ")).toBe("https://doi.org/10.1/x");
    expect(safeUrl("//evil.example/x")).toBe("");
  });
});

describe("rehypeCitations", () => {
  it("gives each marker the sentence around it as the reader sees it, raw HTML included as text", () => {
    const p = {
      type: "element",
      tagName: "p",
      properties: {},
      children: [
        { type: "text", value: "Zorvexamab caused ototoxicity " },
        { type: "raw", value: '<img src=x onerror="window.__xss=1">' },
        { type: "text", value: " in every guinea pig [1]. Hearing recovered [1, 2]." },
      ],
    };
    const tree = { type: "root", children: [p] };
    rehypeCitations({ referenceCount: 2 })(tree as never);
    const cites = (p.children as Array<{ tagName?: string; properties?: { dataCitation?: string } }>).filter(
      (c) => c.tagName === "cite",
    );
    expect(cites.map((c) => readCitationData(c.properties!.dataCitation))).toEqual([
      {
        tokens: [{ label: "1", numbers: [1] }],
        sentence: 'Zorvexamab caused ototoxicity <img src=x onerror="window.__xss=1"> in every guinea pig [1].',
      },
      {
        tokens: [
          { label: "1", numbers: [1] },
          { label: "2", numbers: [2] },
        ],
        sentence: "Hearing recovered [1, 2].",
      },
    ]);
  });
});
