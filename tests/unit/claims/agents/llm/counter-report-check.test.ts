import { describe, expect, it } from "vitest";
import { createLlmClaimBackend } from "@/lib/claims/agents/llm";
import type { CounterReportInput } from "@/lib/claims/backend";
import { buildSearchStats } from "@/lib/claims/search-stats";
import type { ModelUsage } from "@/lib/domain/agent";
import { doxorubicinCitation } from "./doxorubicin-citation";
import { loadCorpus } from "@/tests/support/corpus";
import { scriptedModel } from "@/tests/support/llm";
import { HOSTILE_TEXT, hostileReply } from "@/tests/support/model-personas";

const corpus = loadCorpus();
const evidence = corpus.find((e) => e.id === "pmid:24727461")!;

const CITATION = doxorubicinCitation(evidence);

const INPUT: CounterReportInput = {
  claim: "Doxorubicin has no effect on the heart",
  counter: {
    claim: "Doxorubicin has no effect on the heart",
    counterStatement: "Doxorubicin has an effect on the heart.",
    keywords: ["doxorubicin", "heart"],
    keywordQuery: "doxorubicin AND heart",
    hydeAbstracts: [],
  },
  citations: [CITATION],
  records: [evidence],
  stats: buildSearchStats([], [], [CITATION], [], { keyword: true, semantic: true, hyde: true }),
  sources: ["local"],
};

/** The hostile persona's answer to a structured call, as the scripted model sends it. */
const hostile = (name: string) =>
  JSON.parse(hostileReply({ response_format: { json_schema: { name, schema: schemaOf(name) } } }) as string);

function schemaOf(name: string) {
  return name === "critic_output"
    ? {
        type: "object",
        properties: {
          claims: {
            type: "array",
            items: {
              type: "object",
              properties: {
                claim: { type: "number" },
                reasoning: { type: "string" },
                verdict: { enum: ["PASS", "FAIL"] },
              },
            },
          },
        },
      }
    : { type: "object", properties: { report: { type: "string" } } };
}

describe("a counter-report's statements are checked against the passages they cite", () => {
  it(
    "stores no statement of the fabricating model: the report says the records do not support it, gives the " +
      "passages and counts the removal",
    async () => {
      const usage: ModelUsage[] = [];
      const backend = createLlmClaimBackend(scriptedModel([hostile("counter-report_output")]), "scripted", {
        onUsage: (u) => usage.push(u),
      });
      const report = await backend.writeCounterReport(INPUT);
      expect(hostile("counter-report_output").report).toBe(HOSTILE_TEXT);
      expect(report).not.toContain("Metformin");
      expect(report).not.toContain("2500");
      expect(report).toMatch(
        new RegExp(
          "^The cited records do not support the model's counter-report: 1 statement removed: " +
            "not supported by the cited records\\. The passages themselves follow\\. " +
            "The counter-statement is “Doxorubicin has an effect on the heart”\\.",
        ),
      );
      expect(report).toContain(`“${CITATION.passage.replace(/\.$/, "")}” [1].`);
      // The invented dose and drug are caught without a model: no critic call was needed.
      expect(usage.map((u) => u.agent)).toEqual(["counter-report"]);
    },
  );

  it(
    "removes a cited statement the critic fails (the hostile critic answers PASS only for claims that do not " +
      "exist), in one batched call counted in the usage, and keeps the supported one with the note",
    async () => {
      const usage: ModelUsage[] = [];
      const model = scriptedModel([
        {
          report:
            "In a rat study, doxorubicin caused significant cardiotoxicity with oxidative stress [1]. " +
            "Doxorubicin cured heart failure in the rats [1].",
        },
        { claims: [{ claim: 1, reasoning: "Stated.", verdict: "PASS" }, ...hostile("critic_output").claims] },
      ]);
      const backend = createLlmClaimBackend(model, "scripted", { onUsage: (u) => usage.push(u) });
      const report = await backend.writeCounterReport(INPUT);
      expect(report).toBe(
        "In a rat study, doxorubicin caused significant cardiotoxicity with oxidative stress [1]. " +
          "(1 statement removed: not supported by the cited records.)",
      );
      expect(usage.map((u) => u.agent)).toEqual(["counter-report", "critic"]);
      // The critic was shown both statements, each with the passage it cites, in one prompt.
      const prompt = JSON.stringify(model.doGenerateCalls[1].prompt);
      expect(prompt).toContain('<claim n=\\"2\\" cites=\\"E1\\"');
      expect(prompt).toContain("E1 passage “Doxorubicin causes significant cardiotoxicity");
    },
  );
});
