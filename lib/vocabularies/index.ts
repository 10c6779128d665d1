/**
 * Gene/protein and biological-process vocabularies for typed mechanism chains: targets
 * normalised to NCBI Gene IDs (human, protein-coding), pathways to GO biological processes, with curated
 * gene → GO process and gene → KEGG pathway links. Built by `npm run vocab:build` from Debian's
 * r-bioc-org.hs.eg.db and r-bioc-go.db (see docs/architecture.md, Vocabularies); when the lexicon is missing every
 * function returns empty results and vocabulariesAvailable() is false. Server-side only.
 *
 * - recogniseGene(phrase): GeneRef | null — a candidate target phrase ("hERG", "aquaporin-2", "5-HT1A receptor").
 * - findGeneMentions(text): GeneMention[] — non-overlapping, longest-first gene mentions with offsets.
 * - genePathways(entrezId): PathwayRef[] (KEGG IDs, names null).
 * - recogniseProcess(phrase): ProcessRef | null; findProcessMentions(text): ProcessMention[].
 * - geneProcesses(entrezId): GeneProcessLink[] (GO BP with evidence codes); processById(goId).
 * - vocabulariesAvailable(), loadLexicon() (metadata: sources, licences, counts), resetVocabularies().
 * Concepts (MeSH 2024 descriptors with entry terms, trees and pharmacological actions; the Human Disease Ontology):
 * - lookupConcept(phrase), findConceptMentions(text), conceptById(id), entryTerms(id): Concept (MeSH or DOID);
 * - descendantIds(id), broaderOf(id), relateDiseases(asked, found): the neighbourhood in the trees;
 * - classMembers(id), actionsOf(id), classTarget(actionId): drug classes through pharmacological actions;
 * - conceptsAvailable(), conceptVocabularyVersion() ("MeSH 2024 · Disease Ontology 2016-09-01").
 * The first concept call loads the file (about 0.3 s); it is shared by every run of the process.
 * The first gene (process) call loads and indexes the lexicon: about 1–2 s on an idle machine; then scanning an
 * abstract takes under 1 ms.
 */
export { findGeneMentions, genePathways, recogniseGene } from "./genes";
export type { GeneRef } from "./genes";
export { findProcessMentions, geneProcesses, processById, recogniseProcess } from "./processes";
export { loadLexicon, resetVocabularies, vocabulariesAvailable } from "./load";
export {
  conceptById,
  conceptsAvailable,
  conceptVocabularyVersion,
  entryTerms,
  findConceptMentions,
  lookupConcept,
} from "./concepts";
export type { Concept } from "./concepts";
export { broaderOf, descendantIds, isBelow, relateDiseases } from "./concept-tree";
export type { MatchKind } from "./concept-tree";
export { actionsOf, classMembers, classTarget } from "./concept-classes";
export { resetConcepts } from "./concept-load";
