import type { ClaimReading } from "@/lib/domain/claim-check";
import type { Evidence } from "@/lib/domain/evidence";
import type { ClaimCheckBackend, PassageProposal } from "@/lib/claims/backend";
import { analyseClaim, withEntitySynonyms, type ClaimAnalysis } from "@/lib/claims/analysis";
import { readClaimEvidence } from "@/lib/reading/read";
import { extractClaimsExtractive } from "./extraction";
import { counterStatementExtractive } from "./counter";
import { asPassage, extractPassagesExtractive } from "./passages";
import { scoreFromReading } from "./relation-scoring";
import { scoreRecord } from "./scoring";
import { templateCounterReport } from "@/lib/claims/counter-report";
import { judgeClaimExtractive } from "@/lib/claims/verdict";

/** The claim read with the entity synonyms of the documents it is compared with. */
function readClaim(claim: string, documents: Evidence[]): ClaimAnalysis {
  return withEntitySynonyms(analyseClaim(claim), documents);
}

/** What the relation scoring of a polar claim left for the later steps: the reading and each record's passages. */
interface PolarState {
  reading: ClaimReading;
  passages: Map<string, string[]>;
}

/**
 * The claim-check backend without a model (kind "extractive"): finding sentences as claims, rule-based
 * counter-statements, then one of two scorers. A claim about a chemical and a disease or organ with a polarity
 * ("X causes Y", "X does not cause Y", "X is safe for the heart", "X protects against Y": lib/reading/claim.ts)
 * is read through lib/reading, as the research bottom line reads a question (./relation-scoring.ts); other claims by
 * lexical
 * scoring with negation and polarity cues (./scoring.ts). The best sentence per document on each side is its
 * passage; a template report and a counting verdict. Deterministic; no HyDE abstracts.
 */
export function createExtractiveClaimBackend(): ClaimCheckBackend {
  // Passages are read with the same synonyms as the scores (those of all scored documents, not only the cited ones).
  const readings = new Map<string, ClaimAnalysis>();
  const polar = new Map<string, PolarState>();
  const proposals = (claim: string, documents: Evidence[], stance: "counter" | "claim"): PassageProposal[] => {
    const state = polar.get(claim);
    if (!state) return extractPassagesExtractive(documents, readings.get(claim) ?? readClaim(claim, documents), stance);
    return documents.flatMap((d) => {
      const passage = state.passages.get(d.id)?.[0];
      return passage ? [{ evidenceId: d.id, passage: asPassage(passage) }] : [];
    });
  };
  return {
    kind: "extractive",
    model: null,
    temperature: null,
    extractClaims: async (text) => extractClaimsExtractive(text),
    counterStatement: async (claim) => counterStatementExtractive(analyseClaim(claim)),
    scoreDocuments: async ({ claim, documents }) => {
      const read = readClaimEvidence(claim, documents);
      if (read?.resolved) {
        polar.set(claim, {
          reading: read.resolved,
          passages: new Map(
            documents.map((d, i) => [d.id, read.readings[i].passage ? [read.readings[i].passage!] : []]),
          ),
        });
        return { scores: read.readings.map((r, i) => scoreFromReading(r, read.pairs[i])), modelCalls: 0 };
      }
      const analysis = readClaim(claim, documents);
      readings.set(claim, analysis);
      return { scores: documents.map((d) => scoreRecord(d, analysis)), modelCalls: 0 };
    },
    extractPassages: async ({ claim, documents }) => proposals(claim, documents, "counter"),
    extractSupportingPassages: async ({ claim, documents }) => proposals(claim, documents, "claim"),
    readingOf: (claim) => polar.get(claim)?.reading ?? null,
    writeCounterReport: async (input) => templateCounterReport(input),
    judgeClaim: async (input) => judgeClaimExtractive(input),
  };
}
