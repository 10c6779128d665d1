import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LimitedTextarea, overLimitMessage } from "@/components/forms/limited-textarea";
import { SourceCheckboxes } from "@/components/forms/source-checkboxes";
import { ReportDocument } from "@/components/run/report-document";
import { MAX_QUESTION_LENGTH } from "@/lib/domain/run-input";

describe("form input limits and kept choices (issues 11 and 13)", () => {
  it("keeps a question over 2,000 characters whole, counts it and says by how much it is over", () => {
    const question = "Is lithium nephrotoxic? ".repeat(90); // 2,160 characters
    const html = renderToStaticMarkup(
      createElement(LimitedTextarea, {
        limit: MAX_QUESTION_LENGTH,
        what: "question",
        name: "question",
        defaultValue: question,
      }),
    );
    expect(html).toContain(`>${question}</textarea>`);
    expect(html).not.toContain("maxLength");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("2,160 / 2,000 characters");
    expect(html).toContain(`role="alert"`);
    expect(html).toContain("The question is 2,160 characters; the limit is 2,000. Shorten it by 160.");
    expect(overLimitMessage(20_001, 20_000, "text")).toBe(
      "The text is 20,001 characters; the limit is 20,000. Shorten it by 1.",
    );
  });

  it("ticks the sources the user submitted, not the defaults, after an error", () => {
    const html = renderToStaticMarkup(
      createElement(SourceCheckboxes, {
        defaultSources: ["pubmed", "europepmc", "ctgov", "local"],
        libraryCount: 2104,
        checked: ["local"],
      }),
    );
    const ticked = [...html.matchAll(/<input[^>]*value="(\w+)"[^>]*>/g)]
      .filter((m) => m[0].includes("checked"))
      .map((m) => m[1]);
    expect(ticked).toEqual(["local"]);
  });

  it("shows a bare www. domain of a message as text, not as a link", () => {
    const html = renderToStaticMarkup(
      createElement(ReportDocument, {
        markdown: "Shortfalls: Europe PMC: network error (getaddrinfo EAI_AGAIN www.ebi.ac.uk), 0 records.",
        references: [],
        records: [],
      }),
    );
    expect(html).toContain("www.ebi.ac.uk");
    expect(html).not.toContain("href");
  });
});
