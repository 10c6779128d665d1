import { corpusRecord, medlineCitation } from "./provenance-copies";

/**
 * The changes a watch's tests make to what the loopback sources return between checks (tests/support/fixture-server.ts
 * `change`, or POST /_control), built from real records: the BC5CDR abstract PMID 11027905 ("Analgesic effect of
 * intravenous ketamine in cancer patients on morphine therapy: a randomized, controlled, double-blind, crossover,
 * double-dose study.") appears in PubMed as a new randomized trial, is later retracted (a test notice PMID), and the
 * recorded ClinicalTrials.gov study NCT03418623 (GET73) posts a status change with results. Made here, never written
 * into the fixtures.
 */
export const WATCH_QUESTION = "Does ketamine reduce pain in cancer patients on morphine?";

export const NEW_TRIAL = { pmid: "11027905", retractionNoticePmid: "39990011" } as const;
export const CHANGED_STUDY = { nctId: "NCT03418623", before: "ACTIVE_NOT_RECRUITING", after: "COMPLETED" } as const;

function pubmedArticle(citation: string): string {
  return (
    `<PubmedArticle>\n${citation}\n` +
    `<PubmedData><PublicationStatus>ppublish</PublicationStatus></PubmedData>\n</PubmedArticle>`
  );
}

/** The new trial as a PubMed article (publication types Journal Article and Randomized Controlled Trial). */
export function newTrialArticle(): string {
  return pubmedArticle(
    medlineCitation(corpusRecord(NEW_TRIAL.pmid), ["Journal Article", "Randomized Controlled Trial"], []),
  );
}

/** The same article retracted: "Retracted Publication" and a RetractionIn link to the notice. */
export function retractedTrialArticle(): string {
  return pubmedArticle(
    medlineCitation(
      corpusRecord(NEW_TRIAL.pmid),
      ["Journal Article", "Randomized Controlled Trial", "Retracted Publication"],
      [{ refType: "RetractionIn", pmid: NEW_TRIAL.retractionNoticePmid }],
    ),
  );
}

/** The day part of a date, as the fixture server's changes are dated ("YYYY-MM-DD"). */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}
