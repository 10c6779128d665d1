import type { Evidence } from "@/lib/domain/evidence";

/**
 * A verified counter-passage of PMID 24727461 (rat study of doxorubicin cardiotoxicity), cited as [1];
 * `evidence` is that corpus record.
 */
export function doxorubicinCitation(evidence: Evidence) {
  return {
    n: 1,
    evidenceId: evidence.id,
    pmid: "24727461",
    doi: null,
    nctId: null,
    title: evidence.citation.title,
    journal: null,
    year: null,
    url: "https://pubmed.ncbi.nlm.nih.gov/24727461/",
    source: "local" as const,
    passage:
      "Doxorubicin causes significant cardiotoxicity characterized by marked increases in oxidative stress and " +
      "mitochondrial dysfunction.",
    similarity: 1,
    score: 5,
    foundBy: ["keyword" as const],
  };
}
