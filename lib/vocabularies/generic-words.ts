/**
 * Words for drugs and treatment in general, not a particular drug: "Which drugs cause …?" names no drug, though MeSH
 * lists "Drugs" (Pharmaceutical Preparations), "Chemicals" and "Therapy" as terms and a dictionary tags them. Source:
 * our reading of the questions and claims users write; the concept lookup (concepts.ts) and the question reading
 * (lib/reading/question.ts) both pass them over.
 */
export const GENERIC_DRUG_WORDS: readonly string[] = [
  "drug",
  "drugs",
  "medication",
  "medications",
  "medicine",
  "medicines",
  "agent",
  "agents",
  "compound",
  "compounds",
  "chemical",
  "chemicals",
  "substance",
  "substances",
  "therapy",
  "treatment",
];
