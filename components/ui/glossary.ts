/**
 * The few field terms a report keeps (a researcher meets them in papers and guidelines), each with a one-sentence
 * definition a newcomer can read on the page. Sources: the GRADE Handbook (Schünemann et al., 2013), PRISMA 2020
 * (Page et al., BMJ 2021), the BioCreative V CDR task (Wei et al., Database 2016), the NLM's MeSH and PubMed pages,
 * ClinicalTrials.gov.
 */
export const GLOSSARY = {
  GRADE:
    "GRADE rates how sure we can be of a finding, from high to very low: trials start high, observational studies " +
    "low, and risk of bias, inconsistency, indirectness, imprecision or publication bias rate it down.",
  PRISMA:
    "PRISMA is the standard way to report a literature review: how many records were found, screened, excluded " +
    "(and why) and included.",
  "CID relation":
    "A CID (chemical-induced disease) relation says that a paper reports a chemical or drug causing a disease, as " +
    "expert annotators of the BC5CDR corpus marked it.",
  judge:
    "The judge is the step that scores whether the evidence found so far suffices: a mechanism score and a " +
    "clinical score, each out of 10; while they fall short, the search goes on with sharper queries.",
  MeSH:
    "MeSH (Medical Subject Headings) is the National Library of Medicine's vocabulary for indexing biomedical " +
    "topics.",
  PMID: "A PMID is the number that identifies an article in PubMed.",
  "NCT ID": "An NCT ID is the number that identifies a trial on ClinicalTrials.gov.",
} as const;

/** A term with an entry in {@link GLOSSARY}. */
export type GlossaryTerm = keyof typeof GLOSSARY;
