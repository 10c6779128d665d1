import { describe, expect, it } from "vitest";
import { abstractSentences, EXCERPT_CHARS, excerptAbstract, sectionKind } from "@/lib/evidence/prompt-context/excerpts";
import { createExcerptStore } from "@/lib/evidence/prompt-context/excerpt-store";
import { formatEvidenceBlocks } from "@/lib/evidence/prompt-context/blocks";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { truncateAtSentence } from "@/lib/text/sentences";
import { readFixture } from "@/tests/support/fixtures";

const MEDLINE = parsePubmedXml(readFixture("corpus/medline16n0902_sample_604.xml")).filter((e) =>
  e.citation.abstract.trim(),
);
const kinds = (abstract: string) => new Set(abstractSentences(abstract).map((s) => s.kind));
/** Whether a shown text carries a section of that kind: its label ("CONCLUSIONS:", "RESULTS:") is in the text. */
const shows = (text: string, kind: "results" | "conclusions") =>
  [...text.matchAll(/([A-Z][A-Z ,&/()-]{2,60}?):\s/g)].some((m) => sectionKind(m[1]) === kind);

describe("evidence excerpts: the findings reach the model", () => {
  it(
    "on the MEDLINE sample, every structured abstract keeps its CONCLUSIONS (202 of 202; the 700-character cut " +
      "kept 2)",
    () => {
      const structured = MEDLINE.filter((e) => kinds(e.citation.abstract).has("conclusions"));
      const withResults = structured.filter((e) => kinds(e.citation.abstract).has("results"));
      expect([MEDLINE.length, structured.length, withResults.length]).toEqual([526, 202, 199]);

      const before = structured.map((e) => truncateAtSentence(e.citation.abstract, 700));
      const after = structured.map((e) => excerptAbstract(e.citation.abstract, "effect of treatment on outcome"));
      expect(before.filter((t) => shows(t, "conclusions"))).toHaveLength(2);
      expect(after.filter((t) => shows(t, "conclusions"))).toHaveLength(202);
      // RESULTS: of the 199 structured abstracts with a RESULTS section, the old 700-character cut showed any of it
      // in 29, the excerpt in all 199.
      const cut = withResults.map((e) => truncateAtSentence(e.citation.abstract, 700));
      const excerpts = withResults.map((e) => excerptAbstract(e.citation.abstract, "effect of treatment on outcome"));
      expect(cut.filter((t) => shows(t, "results"))).toHaveLength(29);
      expect(excerpts.filter((t) => shows(t, "results"))).toHaveLength(199);
      expect(Math.max(...after.map((t) => t.length))).toBeLessThanOrEqual(EXCERPT_CHARS);
    },
  );

  it("keeps CONCLUSIONS whole, RESULTS by relevance to the focus, and marks the gaps", () => {
    const record = MEDLINE.find(
      (e) => e.citation.abstract.includes("serum BDNF") && kinds(e.citation.abstract).has("conclusions"),
    )!;
    const abstract = record.citation.abstract;
    const excerpt = excerptAbstract(abstract, "serum BDNF cognitive training schizophrenia");
    const conclusions = abstractSentences(abstract)
      .filter((s) => s.kind === "conclusions")
      .map((s) => s.text);
    for (const sentence of conclusions) expect(excerpt).toContain(sentence);
    expect(excerpt).toContain("RESULTS: ");
    expect(excerpt).toContain("CONCLUSIONS: ");
    expect(abstract.length).toBeGreaterThan(EXCERPT_CHARS);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARS);
    expect(excerpt).toContain(" … ");
  });

  it("shows a short abstract whole, and keeps the last sentence of a long unstructured one", () => {
    const short = MEDLINE.find((e) => e.citation.abstract.length < 600)!;
    expect(excerptAbstract(short.citation.abstract, "anything")).toBe(
      short.citation.abstract.replace(/\s+/g, " ").trim(),
    );
    const unstructured = MEDLINE.find(
      (e) => e.citation.abstract.length > 2_000 && !abstractSentences(e.citation.abstract).some((s) => s.label),
    )!;
    const last = abstractSentences(unstructured.citation.abstract).at(-1)!.text;
    expect(excerptAbstract(unstructured.citation.abstract, "").endsWith(last)).toBe(true);
  });

  it("the run's excerpt store gives every later agent the excerpt the first one saw", () => {
    const record = MEDLINE.find((e) => e.citation.abstract.length > 2_000)!;
    const store = createExcerptStore();
    const first = store.excerpt(record, "Q", "focus of the hypothesis agent");
    expect(store.excerpt(record, "Q", "another focus, later in the run")).toBe(first);
  });

  it(
    "numbered blocks (chat at 700, claim scoring at 1,500 characters) show every structured abstract's " +
      "CONCLUSIONS",
    () => {
      const structured = MEDLINE.filter((e) => kinds(e.citation.abstract).has("conclusions"));
      for (const maxAbstractChars of [700, 1_500]) {
        const text = formatEvidenceBlocks(
          structured.map((evidence, i) => ({ n: i + 1, evidence })),
          { maxAbstractChars, focus: "effect of treatment on outcome" },
        );
        const abstracts = [...text.matchAll(/\nAbstract: (.*)\n<\/evidence>/g)].map((m) => m[1]);
        expect(abstracts).toHaveLength(202);
        // Before, these blocks were the abstract's first 700 or 1,500 characters: 2 of 202 showed CONCLUSIONS at 700.
        expect(abstracts.filter((t) => shows(t, "conclusions"))).toHaveLength(202);
      }
    },
  );
});
