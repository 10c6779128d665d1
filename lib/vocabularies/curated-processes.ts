/**
 * Nominal variants of GO biological processes as abstracts name them, where GO's term names and synonyms
 * do not reach them or the precision rules of form-rules.ts drop them ("inflammation" is an English word;
 * "necrosis" is a synonym of four terms). Each maps to the GO term a pharmacologist means.
 * Also the few GO forms too generic for a chain's pathway ("phosphorylation", "homeostasis"), blocked.
 * Source: our own list, from the process words of lib/agents/extractive/process-terms.ts and common
 * mechanism vocabulary of toxicology abstracts; every GO ID checked in GO.db 3.16 (go-basic 2022-07-01).
 */

/** A variant phrase (matched case-insensitively, whole words) and its GO biological-process ID (null: never a process). */
export interface CuratedProcessName {
  phrase: string;
  goId: string | null;
}

/** The curated variants (see the module comment for the source). */
export const CURATED_PROCESS_NAMES: readonly CuratedProcessName[] = [
  { phrase: "apoptosis", goId: "GO:0006915" }, // apoptotic process (GO also lists it for "execution phase of apoptosis")
  { phrase: "oxidative stress", goId: "GO:0006979" }, // response to oxidative stress
  { phrase: "oxidative damage", goId: "GO:0006979" },
  { phrase: "inflammation", goId: "GO:0006954" }, // inflammatory response
  { phrase: "neuroinflammation", goId: "GO:0150076" }, // neuroinflammatory response
  { phrase: "lipid peroxidation", goId: "GO:0034440" }, // lipid oxidation
  { phrase: "necrosis", goId: "GO:0070265" }, // necrotic cell death
  { phrase: "apoptotic cell death", goId: "GO:0006915" },
  { phrase: "neuronal apoptosis", goId: "GO:0051402" }, // neuron apoptotic process
  { phrase: "neuronal death", goId: "GO:0070997" }, // neuron death
  { phrase: "DNA damage", goId: "GO:0006974" }, // cellular response to DNA damage stimulus
  { phrase: "ER stress", goId: "GO:0034976" }, // response to endoplasmic reticulum stress
  { phrase: "endoplasmic reticulum stress", goId: "GO:0034976" },
  { phrase: "ROS production", goId: "GO:1903409" }, // reactive oxygen species biosynthetic process
  { phrase: "reactive oxygen species production", goId: "GO:1903409" },
  { phrase: "reactive oxygen species generation", goId: "GO:1903409" },
  { phrase: "nitric oxide production", goId: "GO:0006809" }, // nitric oxide biosynthetic process
  { phrase: "calcium homeostasis", goId: "GO:0055074" }, // calcium ion homeostasis
  { phrase: "coagulation", goId: "GO:0007596" }, // blood coagulation
  { phrase: "ossification", goId: "GO:0001503" },
  { phrase: "lactation", goId: "GO:0007595" },
  { phrase: "ovulation", goId: "GO:0030728" },
  { phrase: "glycolysis", goId: "GO:0006096" }, // glycolytic process
  { phrase: "lipolysis", goId: "GO:0016042" }, // lipid catabolic process
  { phrase: "diuresis", goId: "GO:0035810" }, // positive regulation of urine volume
  { phrase: "natriuresis", goId: "GO:0035815" }, // positive regulation of renal sodium excretion
  { phrase: "cell proliferation", goId: "GO:0008283" }, // cell population proliferation
  // GO terms too generic to name the pathway of a mechanism chain: never recognised.
  { phrase: "homeostasis", goId: null },
  { phrase: "phosphorylation", goId: null },
  { phrase: "dephosphorylation", goId: null },
  { phrase: "methylation", goId: null },
  { phrase: "biosynthesis", goId: null },
  { phrase: "metabolism", goId: null },
  { phrase: "catabolism", goId: null },
  { phrase: "anabolism", goId: null },
  { phrase: "hypersensitivity", goId: null }, // a disease in abstracts (drug hypersensitivity), GO:0002524 otherwise
  { phrase: "metaplasia", goId: null },
  { phrase: "gene expression", goId: null },
  { phrase: "signaling pathway", goId: null },
  { phrase: "signalling pathway", goId: null },
  { phrase: "signaling cascade", goId: null },
  { phrase: "signal transduction", goId: null },
];
