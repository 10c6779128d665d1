/**
 * Questions whose answers only the body of an article states, for `npm run eval -- fulltext`. Written from the five
 * articles recorded as both JATS and PDF in ../shared/fixtures/fulltext (Europe PMC fullTextXML and the publisher's
 * PDF, Hindawi 2016): each names a fact of the article's case, methods, results or tables — a dose, a duration, a
 * laboratory value, a count or a rate — that its abstract does not state (the evaluation checks this), and the
 * strings that show it (any one, as the article writes it; compared after NFKC normalisation, so the PDF's "μ" and the
 * JATS's "µ" are the same).
 */
export interface FullTextQuestion {
  pmcid: string;
  question: string;
  expected: string[];
}

export const FULL_TEXT_QUESTIONS: FullTextQuestion[] = [
  {
    pmcid: "PMC4738914",
    question: "What dose of levofloxacin was given to the patient who developed levofloxacin-induced thrombocytopenia?",
    expected: ["levofloxacin, 500 mg daily"],
  },
  {
    pmcid: "PMC4738914",
    question: "What dose of ciprofloxacin did the patient take before levofloxacin-induced thrombocytopenia?",
    expected: ["400 mg of oral ciprofloxacin"],
  },
  {
    pmcid: "PMC4738914",
    question: "What was the platelet count on admission in the case of levofloxacin-induced thrombocytopenia?",
    expected: ["128.0 × 10^9/L"],
  },
  {
    pmcid: "PMC4738914",
    question: "On which hospital day was levofloxacin replaced by cefepime in levofloxacin-induced thrombocytopenia?",
    expected: ["cefepime on hospital day 4"],
  },
  {
    pmcid: "PMC4745305",
    question: "What dose of topiramate preceded neutropenia in the patient treated with clozapine?",
    expected: ["topiramate was increased to 200 mg per day"],
  },
  {
    pmcid: "PMC4745305",
    question: "What dose of olanzapine replaced clozapine after topiramate-associated neutropenia?",
    expected: ["olanzapine 10 mg daily"],
  },
  {
    pmcid: "PMC4745305",
    question: "What was the lowest ANC count of the patient with neutropenia on clozapine and topiramate?",
    expected: ["1200/μL"],
  },
  {
    pmcid: "PMC4737013",
    question: "At what dose was ipilimumab given before the patient developed Graves' disease?",
    expected: ["3 mg/kg every three weeks"],
  },
  {
    pmcid: "PMC4737013",
    question: "What dose of methimazole was used to treat ipilimumab-induced Graves' disease?",
    expected: ["methimazole at a dose of 30 mg/day", "35 mg a day"],
  },
  {
    pmcid: "PMC4737013",
    question: "What was the TSH level one month after ipilimumab in the patient with Graves' disease?",
    expected: ["0.009"],
  },
  {
    pmcid: "PMC4736379",
    question:
      "What was the mortality rate of elderly patients with NSAID- and ASA-associated upper gastrointestinal bleeding?",
    expected: ["10.1%"],
  },
  {
    pmcid: "PMC4736379",
    question: "How long did elderly patients with upper gastrointestinal bleeding stay in hospital, in days?",
    expected: ["7.8 ± 6.23 days", "7.8 ± 6.23"],
  },
  {
    pmcid: "PMC4736379",
    question: "What was the mean cost of hospitalization for upper gastrointestinal bleeding from NSAIDs and ASA?",
    expected: ["$413.98"],
  },
  {
    pmcid: "PMC4707348",
    question: "For how many days were metformin, glibenclamide and repaglinide given to alloxan-induced diabetic rats?",
    expected: ["fourteen (14) days"],
  },
  {
    pmcid: "PMC4707348",
    question:
      "What fasting blood glucose level defined diabetes in the alloxan-induced diabetic rats given repaglinide?",
    expected: ["≥200 mg/dL", "200 mg/dL"],
  },
  {
    pmcid: "PMC4707348",
    question:
      "How many rats were used to compare metformin, glibenclamide and repaglinide in alloxan-induced diabetes?",
    expected: ["Twenty-four adult male albino rats"],
  },
];
