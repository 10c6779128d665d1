/** The questions the vocabulary bench reads: the examples and the bench's own, at each concept level. */
export const VOCABULARY_QUESTIONS = [
  "Does amiodarone cause pulmonary fibrosis, and by what mechanism?",
  "Is there evidence that statins cause myopathy?",
  "Which drugs can cause QT prolongation?",
  "Does amiodarone cause thyroid dysfunction?",
  "Is lithium nephrotoxic, and by what mechanism?",
  "Do aminoglycoside antibiotics cause hearing loss?",
  "Are beta blockers safe for the lungs?",
  "What is the best pizza topping?",
];
