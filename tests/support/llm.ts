import { MockLanguageModelV4 } from "ai/test";
import type { Evidence } from "@/lib/domain/evidence";
import type { ReportInput } from "@/lib/research/backend";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import type { JudgeAssessment } from "@/lib/domain/judge";

/**
 * A mock model that gives its N-th scripted answer on its N-th call (objects are sent as JSON text, strings
 * as is). A call beyond the script fails the test. Each answer reports 100 input and 20 output tokens.
 */
export function scriptedModel(answers: Array<string | object>): MockLanguageModelV4 {
  let call = 0;
  return new MockLanguageModelV4({
    modelId: "scripted",
    doGenerate: async () => {
      const answer = answers[call++];
      if (answer === undefined) throw new Error(`scripted model: no answer for call ${call}`);
      return {
        content: [{ type: "text", text: typeof answer === "string" ? answer : JSON.stringify(answer) }],
        finishReason: { unified: "stop", raw: undefined },
        usage: {
          inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 20, text: 20, reasoning: 0 },
        },
        warnings: [],
      };
    },
  });
}

/** The whole prompt (system + messages) of a recorded model call, as JSON text for substring checks. */
export function promptText(model: MockLanguageModelV4, call: number): string {
  return JSON.stringify(model.doGenerateCalls[call].prompt);
}

function pubmed(pmid: string, title: string, abstract: string, relevance: number, extra: Partial<Evidence["citation"]> = {}): Evidence {
  return {
    id: `pmid:${pmid}`,
    citation: {
      source: "pubmed",
      pmid,
      doi: null,
      pmcid: null,
      nctId: null,
      title,
      authors: [],
      journal: null,
      year: null,
      url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`,
      publicationTypes: ["Journal Article"],
      meshTerms: [],
      abstract,
      ...extra,
    },
    relevance,
    entities: [{ name: "lithium", type: "chemical", meshId: "D008094" }],
    preprint: false,
    trial: null,
  };
}

/**
 * Four lithium records from the BC5CDR training set (PubTator, PMIDs and titles as published; abstracts
 * shortened). Block order in prompts follows relevance: 9406968, 7453952, 1987816, 1378968.
 */
export const LITHIUM_EVIDENCE: Evidence[] = [
  pubmed(
    "9406968",
    "Upregulation of the expression of vasopressin gene in the paraventricular and supraoptic nuclei of the lithium-induced diabetes insipidus rat.",
    "The expression of arginine vasopressin (AVP) gene in the paraventricular (PVN) and supraoptic nuclei (SON) was investigated in rats with lithium (Li)-induced polyuria, using in situ hybridization histochemistry and radioimmunoassay. The male Wistar rats consuming a diet that contained LiCl (60 mmol/kg) for 4 weeks developed marked polyuria. Plasma concentration of AVP and transcripts of AVP gene in the PVN and SON were significantly increased in the Li-treated rats compared with controls.",
    0.9,
  ),
  pubmed(
    "7453952",
    "Attenuation of the lithium-induced diabetes-insipidus-like syndrome by amiloride in rats.",
    "The effect of amiloride on lithium-induced polydipsia and polyuria and on the lithium concentration in the plasma, brain, kidney, thyroid and red blood cells was investigated in rats, chronically treated with LiCl. Amiloride reduced the drinking and urine volume of rats in an acute (6 or 12 h) and a subacute (3 days) experiment.",
    0.8,
  ),
  pubmed(
    "1987816",
    "Less frequent lithium administration and lower urine volume.",
    "OBJECTIVE: This study was designed to determine whether patients maintained on a regimen of lithium on a once-per-day schedule have lower urine volumes than do patients receiving multiple doses per day. RESULTS: Multiple daily doses of lithium were associated with higher urine volumes.",
    0.7,
  ),
  pubmed(
    "1378968",
    "Effects of uninephrectomy and high protein feeding on lithium-induced chronic renal failure in rats.",
    "Rats with lithium-induced nephropathy were subjected to high protein (HP) feeding, uninephrectomy (NX) or a combination of these, in an attempt to induce glomerular hyperfiltration and further progression of renal failure.",
    0.6,
  ),
];

/** The research question used across the LLM tests. */
export const QUESTION = "How does lithium cause nephrogenic diabetes insipidus?";

/** A small hypothesis assessment over LITHIUM_EVIDENCE, as the judge and report agents receive it. */
export const HYPOTHESES: HypothesisSet = (() => {
  const h = {
    drug: "lithium",
    target: "AQP2",
    pathway: "vasopressin–cAMP signalling",
    effect: "polyuria",
    confidence: 0.7,
    supportingEvidence: ["pmid:9406968", "pmid:7453952"],
    contradictingEvidence: ["pmid:1987816"],
    searchSuggestions: ["lithium aquaporin-2"],
    links: [],
  };
  return { hypotheses: [h], primaryHypothesis: h, knowledgeGaps: [], recommendedSearches: ["lithium AQP2 collecting duct"] };
})();

const lastAssessment: JudgeAssessment = {
  mechanismScore: 7,
  mechanismReasoning: "AVP upregulation [1].",
  clinicalScore: 5,
  clinicalReasoning: "Cross-sectional study [3].",
  drugCandidates: ["amiloride"],
  keyFindings: [],
  sufficient: true,
  confidence: 0.65,
  recommendation: "synthesize",
  nextSearchQueries: [],
  reasoning: "",
};

/** Report input over `evidence`: two iterations, two judge assessments (last confidence 0.65), one shortfall. */
export const reportInput = (evidence = LITHIUM_EVIDENCE): ReportInput => ({
  question: QUESTION,
  evidence,
  hypotheses: HYPOTHESES,
  assessments: [{ ...lastAssessment, confidence: 0.3 }, lastAssessment],
  sourcesSearched: ["pubmed", "europepmc"],
  iterations: 2,
  shortfalls: [{ source: "europepmc", message: "timed out after 15 s, 0 records" }],
});
