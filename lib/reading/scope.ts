import type { Evidence } from "@/lib/domain/evidence";
import { findConceptMentions, findGeneMentions, findProcessMentions } from "@/lib/vocabularies";
import { closestRecords } from "./read";

/**
 * Words that make a question one the biomedical literature may answer even when it names no drug, disease, gene or
 * process ("Is laparoscopic surgery in the elderly safe?", "Does exercise improve survival after stroke?"): people,
 * care, outcomes and study designs. Source: our list; with these and the vocabularies, 865 of PubMedQA's 1,000 PQA-L
 * questions read as biomedical by their words alone, and all 1,000 with their own abstract as the evidence
 * (tests/unit/reading/scope.test.ts).
 */
const BIOMEDICAL_WORDS = new RegExp(
  "\\b(?:patients?|clinical(?:ly)?|trials?|diseases?|disorders?|syndromes?|illness|treat\\w*|therap\\w*|drugs?|" +
    "medications?|medicines?|dos(?:e|es|ing|age)|symptoms?|health\\w*|risks?|mortality|morbidity|survival|efficacy|" +
    "safe(?:ty)?|adverse|toxic\\w*|infect\\w*|cancers?|tumou?rs?|surg\\w*|diagnos\\w*|prognos\\w*|outcomes?|" +
    "pregnan\\w*|births?|infants?|child(?:ren)?|adolescents?|elderly|aged|women|men|hospital\\w*|care|nurs\\w*|" +
    "physicians?|doctors?|medical|cells?|genes?|genetic\\w*|proteins?|mutations?|receptors?|enzymes?|blood|plasma|" +
    "serum|tissues?|organs?|brain|heart|liver|kidneys?|lungs?|bones?|muscles?|skin|immun\\w*|vaccin\\w*|injur\\w*|" +
    "wounds?|pain|screening|incidence|prevalence|cohort|randomi[sz]ed|placebo|biomarkers?|mice|rats?|animals?|" +
    "exercise|diet\\w*|nutrition\\w*|obes\\w*|smok\\w*|alcohol|epidemiolog\\w*|physiolog\\w*|patholog\\w*|" +
    "pharmac\\w*)\\b",
  "i",
);

/** Whether a question is outside the biomedical literature, and why (for the short answer that says so). */
export interface QuestionScope {
  biomedical: boolean;
  /** What was recognised ("the MeSH concept Hydroxymethylglutaryl-CoA Reductase Inhibitors"), or why nothing was. */
  reason: string;
}

/**
 * Whether the biomedical literature can answer a question: it names a chemical, drug class or disease of the
 * concept vocabulary (MeSH, Disease Ontology), a gene (NCBI Gene), a biological process (Gene Ontology), or speaks of
 * people, care, outcomes or studies ({@link BIOMEDICAL_WORDS}); or, with `evidence` (the records its search found),
 * a record bears on it (holds half of its terms: closestRecords), as the study titles PubMedQA asks as questions do
 * ("Is the distance worth it?"). "What is the best pizza topping?" is none of these. Without the vocabularies a
 * question is told apart by its words and records alone.
 */
export function questionScope(question: string, evidence?: Evidence[]): QuestionScope {
  const concept = findConceptMentions(question).find((m) => m.concept.kind !== "other");
  if (concept) return { biomedical: true, reason: `it names ${concept.text} (MeSH ${concept.concept.name})` };
  const gene = findGeneMentions(question)[0];
  if (gene) return { biomedical: true, reason: `it names the gene ${gene.symbol}` };
  const process = findProcessMentions(question)[0];
  if (process) return { biomedical: true, reason: `it names the biological process ${process.term}` };
  const word = BIOMEDICAL_WORDS.exec(question);
  if (word) return { biomedical: true, reason: `it speaks of ${word[0].toLowerCase()}` };
  if (evidence && closestRecords(question, evidence).length > 0)
    return { biomedical: true, reason: "records of the literature bear on it" };
  return {
    biomedical: false,
    reason: "it names no chemical, drug, disease, gene, biological process or clinical outcome",
  };
}
