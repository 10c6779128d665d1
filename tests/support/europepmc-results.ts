import { readJsonFixture } from "./fixtures";

/** The five articles recorded both as Europe PMC search results and fullTextXML (and as PDFs). */
export const FULL_TEXT_PMCIDS = ["PMC4738914", "PMC4745305", "PMC4736379", "PMC4707348", "PMC4737013"] as const;

/** A getpapers (xml2js) rendering: every value an array. */
type Rendered = Record<string, unknown[]>;

const first = (value: unknown[] | undefined): string | undefined =>
  typeof value?.[0] === "string" ? (value[0] as string) : undefined;

/**
 * One recorded Europe PMC search result (fulltext/europepmc/<PMCID>.eupmc_result.json, which ContentMine's getpapers
 * saved as xml2js arrays) back in the REST `resultType=core` JSON shape the Europe PMC parser reads: the identifiers,
 * title, authors, journal and year, abstract, publication types and open-access flags, unchanged in value.
 */
export function europePmcResult(pmcid: string): Record<string, unknown> {
  const r = readJsonFixture(`fulltext/europepmc/${pmcid}.eupmc_result.json`) as Rendered;
  const journal = (r.journalInfo?.[0] ?? {}) as Rendered;
  const authors = ((r.authorList?.[0] as Rendered | undefined)?.author ?? []) as Rendered[];
  return {
    id: first(r.id),
    source: first(r.source),
    pmid: first(r.pmid),
    pmcid: first(r.pmcid),
    doi: first(r.doi),
    title: first(r.title),
    authorString: first(r.authorString),
    authorList: { author: authors.map((a) => ({ fullName: first(a.fullName) })) },
    journalInfo: {
      yearOfPublication: Number(first(journal.yearOfPublication)),
      journal: { title: first(((journal.journal?.[0] ?? {}) as Rendered).title) },
    },
    abstractText: first(r.abstractText),
    pubTypeList: { pubType: ((r.pubTypeList?.[0] as Rendered | undefined)?.pubType ?? []) as string[] },
    isOpenAccess: first(r.isOpenAccess),
    inEPMC: first(r.inEPMC),
  };
}

/** A Europe PMC search response (core JSON) holding the recorded results of `pmcids`, in that order. */
export function europePmcSearchOf(pmcids: readonly string[]): { hitCount: number; resultList: { result: unknown[] } } {
  return { hitCount: pmcids.length, resultList: { result: pmcids.map(europePmcResult) } };
}

/**
 * The drugs and conditions of the five articles recorded with their full text, by PMCID: a Europe PMC search naming
 * one is answered with those articles (metformin is left out: the benchmarks' metformin questions keep the recorded
 * cancer page).
 */
export const FULL_TEXT_TOPICS: Record<(typeof FULL_TEXT_PMCIDS)[number], string[]> = {
  PMC4738914: ["levofloxacin", "ciprofloxacin", "fluoroquinolone", "thrombocytopenia"],
  PMC4745305: ["topiramate", "clozapine", "neutropenia"],
  PMC4736379: ["nsaid", "nsaids", "aspirin", "gastrointestinal bleeding"],
  PMC4707348: ["glibenclamide", "repaglinide", "alloxan"],
  PMC4737013: ["ipilimumab", "graves"],
};
