import { afterEach, describe, expect, it } from "vitest";
import { getLanguageModel } from "@/lib/ai/providers";
import type { ReportRepair } from "@/lib/domain/critic";
import { writeReport, type ReportOutput } from "@/lib/research/agents/llm/report";
import { startFakeOpenAIServer, type FakeOpenAIServer, type ScriptedEntry } from "@/tests/support/fake-openai-server";
import { LITHIUM_EVIDENCE, reportInput } from "@/tests/support/llm";

let server: FakeOpenAIServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/**
 * The report agent over HTTP (@ai-sdk/openai-compatible → the loopback server, as a local model): the report and its
 * repairs.
 */
async function report(script: ScriptedEntry[]) {
  server = await startFakeOpenAIServer(script);
  const configured = getLanguageModel({
    OPENAI_API_KEY: "ollama",
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_MODEL: "qwen2.5:7b-instruct",
  } as unknown as NodeJS.ProcessEnv)!;
  const repairs: ReportRepair[] = [];
  const built = await writeReport(
    configured.model,
    { ...reportInput(), hooks: { onReportRepairs: (r) => repairs.push(...r) } },
    { promptStyle: configured.promptStyle },
  );
  return { built, repairs };
}

const S = (text: string, support: string[] = []) => ({ support, text });
/** A draft of the four lithium blocks (E1–E4 by position) whose statements cite as small models do. */
const draft = (overrides: Partial<ReportOutput>): ReportOutput => ({
  evidenceReading: "The records bear on the question.",
  outcome: "answers",
  missing: [],
  title: "Lithium and polyuria",
  executiveSummary: [],
  methodology: "PubMed was searched.",
  mechanisticFindings: [],
  clinicalFindings: [],
  drugCandidates: [],
  limitations: ["Mostly rat data."],
  conclusion: [],
  ...overrides,
});

describe("the report agent keeps citations written as (E3), [E3–E5] and sentence ids (real AI SDK path)", () => {
  it("(E3) and [E3–E5] in the text, and E3.2 in the support list or the text, all keep their citations", async () => {
    const answer = draft({
      executiveSummary: [S("Multiple daily doses went with higher urine volumes (E3).")],
      mechanisticFindings: [S("Rats treated with lithium became polyuric [E1–E2].")],
      clinicalFindings: [S("Once-daily dosing was studied in patients [E3–E5].")],
      conclusion: [S("Amiloride reduced drinking in rats E2.2."), S("AVP transcripts rose.", ["E1.3"])],
    });
    const { built, repairs } = await report([JSON.stringify(answer)]);
    // E1 = PMID 9406968, E2 = 7453952, E3 = 1987816, E4 = 1378968; a range keeps the shown keys inside it (E5 is none).
    expect(built.references.map((r) => [r.n, r.pmid])).toEqual([
      [1, "1987816"],
      [2, "9406968"],
      [3, "7453952"],
      [4, "1378968"],
    ]);
    expect(built.executiveSummary).toBe("Multiple daily doses went with higher urine volumes [1].");
    expect(built.mechanisticFindings.content).toBe("Rats treated with lithium became polyuric [2, 3].");
    expect(built.clinicalFindings.content).toBe("Once-daily dosing was studied in patients [1, 4].");
    expect(built.conclusion).toBe("Amiloride reduced drinking in rats [3]. AVP transcripts rose [2].");
    expect(repairs).toEqual([]);
    expect(built.support?.map((s) => [s.evidenceId, s.sentences.map((x) => x.n)])).toEqual([
      ["pmid:7453952", [2]],
      ["pmid:9406968", [3]],
    ]);
    expect(built.support?.[1].sentences[0].text).toBe(LITHIUM_EVIDENCE[0].citation.abstract.split(". ")[2]);
  });

  it("a statement citing a key never shown loses the sentence, as before", async () => {
    const answer = draft({
      executiveSummary: [
        S("Lithium raised AVP in rats.", ["E1.3"]),
        S("A trial of 12,000 patients confirmed it.", ["E12.1"]),
        S("So did a cohort (E9)."),
      ],
    });
    const { built, repairs } = await report([JSON.stringify(answer)]);
    expect(built.executiveSummary).toBe("Lithium raised AVP in rats [1].");
    expect(repairs.map((r) => r.detail)).toEqual([
      "Executive summary: the sentence “A trial of 12,000 patients confirmed it.” was removed: it cites E12, " +
        "which is no evidence block shown",
      "Executive summary: the sentence “So did a cohort.” was removed: it cites E9, " +
        "which is no evidence block shown",
    ]);
  });
});

describe("a bare [3] in a draft is never read as a reference (real AI SDK path)", () => {
  it("the draft is asked again, in the same conversation, and the second answer is used", async () => {
    const bare = draft({
      executiveSummary: [S("Lithium raised AVP in rats [3].")],
      conclusion: [S("Plausible [1].", ["E1.3"])],
    });
    const fixed = draft({
      executiveSummary: [S("Lithium raised AVP in rats.", ["E1.3"])],
      conclusion: [S("Plausible.", ["E1.3"])],
    });
    const { built, repairs } = await report([JSON.stringify(bare), JSON.stringify(fixed)]);
    expect(server!.requests).toHaveLength(2);
    const second = server!.requests[1] as { messages: Array<{ role: string; content: string }> };
    expect(second.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(second.messages[3].content).toBe(
      "Your previous answer was rejected: it cites by number ([3], [1]). A number is not an evidence key: cite " +
        "evidence sentences by id (e.g. E3.2) in support, and write no [n] in any text.\n" +
        "Answer again with one JSON object that matches the schema and fixes this.",
    );
    expect(built.executiveSummary).toBe("Lithium raised AVP in rats [1].");
    expect(built.references.map((r) => r.pmid)).toEqual(["9406968"]);
    expect(repairs).toEqual([]);
  });

  it("asked again and still citing by number: the numbers are deleted, never mapped to reference 3", async () => {
    const bare = draft({
      executiveSummary: [S("Lithium raised AVP in rats [3].")],
      conclusion: [S("Plausible.", ["E1.3"])],
    });
    const { built, repairs } = await report([JSON.stringify(bare), JSON.stringify(bare)]);
    expect(server!.requests).toHaveLength(2);
    expect(built.executiveSummary).toBe("Lithium raised AVP in rats.");
    expect(built.references.map((r) => r.pmid)).toEqual(["9406968"]);
    expect(repairs).toEqual([
      {
        kind: "marker",
        detail:
          "Executive summary: 1 bracketed number removed: a number is no evidence key (cite a block by key, e.g. [E3])",
      },
    ]);
  });
});
