import type { Evidence } from "@/lib/domain/evidence";
import type { ClaimCheckBackend } from "../../backend";
import { analyseClaim, withEntitySynonyms, type ClaimAnalysis } from "../../analysis";
import { extractClaimsExtractive } from "./extraction";
import { counterStatementExtractive } from "./counter";
import { extractPassagesExtractive } from "./passages";
import { scoreRecord } from "./scoring";
import { templateCounterReport } from "../../counter-report";
import { judgeClaimExtractive } from "../../verdict";

/** The claim read with the entity synonyms of the documents it is compared with. */
function readClaim(claim: string, documents: Evidence[]): ClaimAnalysis {
  return withEntitySynonyms(analyseClaim(claim), documents);
}

/**
 * The claim-check backend without a model (kind "extractive"): finding sentences as claims, rule-based
 * counter-statements, lexical scoring with negation and polarity cues (lib/claims/agents/extractive/scoring.ts), the best
 * counter sentence as passage, a template report and a counting verdict. Deterministic; no HyDE abstracts.
 */
export function createExtractiveClaimBackend(): ClaimCheckBackend {
  // Passages are read with the same synonyms as the scores (those of all scored documents, not only the cited ones).
  const readings = new Map<string, ClaimAnalysis>();
  return {
    kind: "extractive",
    model: null,
    temperature: null,
    extractClaims: async (text) => extractClaimsExtractive(text),
    counterStatement: async (claim) => counterStatementExtractive(analyseClaim(claim)),
    scoreDocuments: async ({ claim, documents }) => {
      const analysis = readClaim(claim, documents);
      readings.set(claim, analysis);
      return { scores: documents.map((d) => scoreRecord(d, analysis)), modelCalls: 0 };
    },
    extractPassages: async ({ claim, documents }) => extractPassagesExtractive(documents, readings.get(claim) ?? readClaim(claim, documents)),
    writeCounterReport: async (input) => templateCounterReport(input),
    judgeClaim: async (input) => judgeClaimExtractive(input),
  };
}
