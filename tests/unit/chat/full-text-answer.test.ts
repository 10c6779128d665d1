import { describe, expect, it } from "vitest";
import { createExtractiveChatBackend } from "@/lib/chat/backend";
import { writeEvidenceAnswer } from "@/lib/chat/evidence-answer";
import { buildAnswerContext } from "@/lib/chat/llm-answer";
import { checkStatements } from "@/lib/chat/statement-check";
import { conversationReferences } from "@/lib/chat/references";
import type { FullText } from "@/lib/domain/fulltext";
import { parseEuropePmcSearch } from "@/lib/sources/parse/europepmc";
import { parseJats } from "@/lib/sources/parse/jats";
import { europePmcSearchOf } from "@/tests/support/europepmc-results";
import { readFixture } from "@/tests/support/fixtures";

// A conversation over the recorded Europe PMC search results of two case reports, one read in full (PMC4738914's
// recorded fullTextXML): its levofloxacin dose is stated in the case's first paragraph, not in its abstract.

const records = parseEuropePmcSearch(europePmcSearchOf(["PMC4738914", "PMC4745305"]), "europepmc").evidence.map(
  (e) => ({ ...e, entities: [{ name: "levofloxacin", type: "chemical" as const, meshId: "D064704" }] }),
);
const doc = parseJats(readFixture("fulltext/europepmc/PMC4738914.fullTextXML.xml"));
const fullText: FullText = {
  evidenceId: "pmid:26884767",
  ownerId: null,
  origin: "europepmc",
  format: "jats",
  licence: doc.licence,
  pages: null,
  passages: doc.passages,
};

async function ask(followUp: string, withFullText: boolean, references: number[] = []) {
  const conversation = {
    ...conversationReferences(records, []),
    ...(withFullText ? { fullTexts: new Map([[fullText.evidenceId, fullText]]) } : {}),
  };
  let text = "";
  const facts = await writeEvidenceAnswer(
    {
      followUp,
      classification: { kind: "evidence", references, reason: "" } as never,
      question: "Does levofloxacin cause thrombocytopenia?",
      conversation,
      summary: null,
      history: [],
      backend: createExtractiveChatBackend(),
    },
    (delta) => (text += delta),
  );
  return { text, facts };
}

describe("a follow-up about doses is answered from the full texts the run read", () => {
  it("quotes the body sentence stating the dose, with where it stands, and cites its passage", async () => {
    const { text, facts } = await ask("What doses were used?", true);
    expect(text).toContain(
      "- “The patient developed gastrointestinal intolerance and was switched to oral levofloxacin, 500 mg daily, " +
        "one week prior to admission, which did not improve his gastrointestinal symptoms.” [1] (full text, 1. Case)",
    );
    // The quotation is the record's own words: the answer checks keep it.
    expect([facts.checks.removedQuotes, facts.checks.replacedQuotes, facts.answered]).toEqual([0, 0, true]);
    expect(facts.passages?.map((p) => [p.evidenceId, p.passageId])).toContainEqual([
      "pmid:26884767",
      "PMC4738914·case-report·1",
    ]);
  });

  it("without the full text, the abstracts state no dose and the answer says so", async () => {
    const { text, facts } = await ask("What doses were used?", false);
    expect(text).toMatch(/^None of the run's 2 records states a dose of levofloxacin/);
    expect(facts.passages).toBeUndefined();
  });
});

describe("asked of one paper ('Reference [n]: …', as Ask this paper writes it), the answer reads it only", () => {
  it("quotes the sentence of its body that states the dose of the run's drug, and cites no other record", async () => {
    const { text, facts } = await ask("Reference [1]: what dose was given?", true, [1]);
    expect(text.split("\n").filter(Boolean)).toEqual([
      "One passage of reference [1] states a dose of levofloxacin, in its own words [1]:",
      "- “The patient developed gastrointestinal intolerance and was switched to oral levofloxacin, 500 mg daily, " +
        "one week prior to admission, which did not improve his gastrointestinal symptoms.” [1] (full text, 1. Case)",
    ]);
    expect([facts.references.map((r) => r.n), facts.answered]).toEqual([[1], true]);
  });

  it("quotes several sentences of the one paper, in reading order, where a run quotes one per record", async () => {
    const { text, facts } = await ask("Reference [1]: how did the platelet count change?", true, [1]);
    const lines = text.split("\n").filter(Boolean);
    expect(lines[0]).toBe("5 passages of reference [1] bear on this, in its own words [1]:");
    expect(lines.slice(1).every((l) => l.endsWith("[1] (full text, 2. Denouement)") || l.includes("1. Case"))).toBe(
      true,
    );
    // The case's platelet counts come first, as the paper tells them.
    expect(lines[1]).toBe(
      "- “Laboratory results revealed a platelet count on admission of 128.0 × 10^9/L (150–450 × 10^9/L), " +
        "down from a count of 480.0 × 10^9/L one week prior to admission (and no previous episodes of " +
        "thrombocytopenia) at the visit where ciprofloxacin was changed to levofloxacin.” [1] (full text, 1. Case)",
    );
    expect(lines).toHaveLength(6);
    expect(facts.references.map((r) => r.n)).toEqual([1]);
    // Asked of the whole run, the same question quotes at most one sentence of each record.
    const run = await ask("How did the platelet count change?", true);
    expect(run.text.match(/\[1\] \(full text/g)?.length ?? 0).toBeLessThanOrEqual(1);
  });

  it("says plainly when the paper does not state it, and what of the paper was read", async () => {
    const { text, facts } = await ask("Reference [2]: what dose was given?", true, [2]);
    expect(text).toMatch(
      new RegExp(
        "^Reference \\[2\\] states no dose of levofloxacin in its abstract " +
          "\\(its full text was not read\\), so it does not answer",
      ),
    );
    expect(facts.answered).toBe(false);
  });

  it("a request without a question still gets the paper's summary", async () => {
    const { text } = await ask("Summarise reference 1", true, [1]);
    expect(text).toMatch(/^Reference \[1\] is “Probable Levofloxacin-Induced Thrombocytopenia/);
  });
});

describe("a model answering a follow-up is shown the full texts' sentences that bear on it", () => {
  it("in the record's own block, each body sentence keyed after the abstract's, labelled with its place", async () => {
    const conversation = {
      ...conversationReferences(records, []),
      fullTexts: new Map([[fullText.evidenceId, fullText]]),
    };
    const context = await buildAnswerContext(
      "What doses were used?",
      "Does levofloxacin cause thrombocytopenia?",
      [],
      conversation,
    );
    // A sentence id names the body sentence, so a statement citing it is checked against the dose it states.
    expect(context.text).toContain(
      "\nE1.6 Full text, 1. Case: The patient developed gastrointestinal intolerance and was switched to oral " +
        "levofloxacin, 500 mg daily, one week prior to admission",
    );
    expect(context.shown[0].sentences.filter((s) => s.label?.startsWith("Full text")).map((s) => s.n)).toEqual([
      6, 9, 21, 26,
    ]);
    expect(context.shown[1].sentences.some((s) => s.label?.startsWith("Full text"))).toBe(false);
    // The deterministic check reads the cited body sentence: the dose it states is kept, one it does not is removed.
    const checked = await checkStatements(
      "Levofloxacin was given at 500 mg daily [E1.6]. Levofloxacin was given at 750 mg daily [E1.6].",
      context,
      "Does levofloxacin cause thrombocytopenia?",
      null,
    );
    expect([checked.text.trim(), checked.removed]).toEqual(["Levofloxacin was given at 500 mg daily [1].", 1]);
  });
});
