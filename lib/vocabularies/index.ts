/**
 * Gene/protein and biological-process vocabularies for typed mechanism chains (issue 9 §4): targets
 * normalised to NCBI Gene IDs (human, protein-coding), pathways to GO biological processes, with curated
 * gene → GO process and gene → KEGG pathway links. Built by `npm run vocab:build` from Debian's
 * r-bioc-org.hs.eg.db and r-bioc-go.db (see README "Vocabularies"); when the lexicon is missing every
 * function returns empty results and vocabulariesAvailable() is false. Server-side only.
 */
export { findGeneMentions, geneById, genePathways, recogniseGene } from "./genes";
export type { GeneMention, GeneRef, PathwayRef } from "./genes";
export { findProcessMentions, geneProcesses, processById, recogniseProcess } from "./processes";
export type { GeneProcessLink, ProcessMention, ProcessRef } from "./processes";
export { loadLexicon, resetVocabularies, vocabulariesAvailable } from "./load";
