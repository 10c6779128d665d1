import type { CounterStatement } from "@/lib/domain/claim-check";
import { loadCorpus } from "@/tests/support/corpus";

// The claim the LLM claim-agent tests check (a false one: doxorubicin is cardiotoxic) over the BC5CDR corpus.

/** The BC5CDR corpus (tests/support/corpus) and one of its records by evidence id ("pmid:…"). */
export const corpus = loadCorpus();
export const record = (id: string) => corpus.find((e) => e.id === id)!;
export const CLAIM = "Doxorubicin has no effect on the heart";

/** The counter-statement a scripted model writes for CLAIM. */
export const COUNTER: CounterStatement = {
  claim: CLAIM,
  counterStatement: "Doxorubicin has an effect on the heart.",
  keywords: ["doxorubicin", "cardiotoxicity", "heart"],
  keywordQuery: "doxorubicin AND (cardiotoxicity OR heart)",
  hydeAbstracts: [
    "Doxorubicin induced dose-dependent cardiomyopathy in rats, with reduced left ventricular ejection fraction " +
      "and myocardial apoptosis.",
    "In patients treated with doxorubicin, cardiac troponin rose and congestive heart failure developed at high " +
      "cumulative doses.",
  ],
};
