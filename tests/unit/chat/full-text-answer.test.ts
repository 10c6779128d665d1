import { describe, expect, it } from "vitest";
import { createExtractiveChatBackend } from "@/lib/chat/backend";
import { writeEvidenceAnswer } from "@/lib/chat/evidence-answer";
import { buildAnswerContext } from "@/lib/chat/llm-answer";
import { checkStatements } from "@/lib/chat/statement-check";
import { conversationReferences } from "@/lib/chat/references";
import type { FullText } from "@/lib/domain/fulltext";
import { parseEuropePmcSearch } from "@/lib/sources/parse/europepmc";
import { parseJats } from "@/lib/sources/parse/jats";
import { europePmcSearchOf } from "../../support/europepmc-results";
import { readFixture } from "../../support/fixtures";

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

async function ask(followUp: string, withFullText: boolean) {
  const conversation = {
    ...conversationReferences(records, []),
    ...(withFullText ? { fullTexts: new Map([[fullText.evidenceId, fullText]]) } : {}),
  };
  let text = "";
  const facts = await writeEvidenceAnswer(
    {
      followUp,
      classification: { kind: "evidence", references: [], reason: "" } as never,
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

describe("a model answering a follow-up is shown the full texts' sentences that bear on it", () => {
  it("in the record's own block, each body sentence keyed after the abstract's and labelled with where it stands", async () => {
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
