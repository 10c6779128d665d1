/**
 * Nominal variants of GO biological processes as abstracts name them, where GO's term names and synonyms
 * do not reach them or the precision rules of form-rules.ts drop them ("inflammation" is an English word;
 * "necrosis" is a synonym of four terms). Each maps to the GO term a pharmacologist means.
 * Also the few GO forms too generic for a chain's pathway ("phosphorylation", "homeostasis"), blocked.
 * Source: our own list of the mechanism vocabulary of toxicology abstracts; every GO ID checked in GO.db 3.16
 * (go-basic 2022-07-01).
 */

/**
 * A variant phrase (matched case-insensitively, whole words) and its GO biological-process ID (null: never a process).
 */
export interface CuratedProcessName {
  phrase: string;
  goId: string | null;
}

/** The variants by the GO term they mean; the comments name the term where the variant is not its name. */
const VARIANTS: Readonly<Record<string, readonly string[]>> = {
  // apoptotic process (GO also lists "apoptosis" for "execution phase of apoptosis")
  "GO:0006915": ["apoptosis", "apoptotic cell death"],
  "GO:0006979": ["oxidative stress", "oxidative damage"], // response to oxidative stress
  "GO:0006954": ["inflammation"], // inflammatory response
  "GO:0150076": ["neuroinflammation"], // neuroinflammatory response
  "GO:0034440": ["lipid peroxidation"], // lipid oxidation
  "GO:0070265": ["necrosis"], // necrotic cell death
  "GO:0051402": ["neuronal apoptosis"], // neuron apoptotic process
  "GO:0070997": ["neuronal death"], // neuron death
  "GO:0006974": ["DNA damage"], // cellular response to DNA damage stimulus
  "GO:0034976": ["ER stress", "endoplasmic reticulum stress"], // response to endoplasmic reticulum stress
  // reactive oxygen species biosynthetic process
  "GO:1903409": ["ROS production", "reactive oxygen species production", "reactive oxygen species generation"],
  "GO:0006809": ["nitric oxide production"], // nitric oxide biosynthetic process
  "GO:0055074": ["calcium homeostasis"], // calcium ion homeostasis
  "GO:0007596": ["coagulation"], // blood coagulation
  "GO:0001503": ["ossification"],
  "GO:0007595": ["lactation"],
  "GO:0030728": ["ovulation"],
  "GO:0006096": ["glycolysis"], // glycolytic process
  "GO:0016042": ["lipolysis"], // lipid catabolic process
  "GO:0035810": ["diuresis"], // positive regulation of urine volume
  "GO:0035815": ["natriuresis"], // positive regulation of renal sodium excretion
  "GO:0008283": ["cell proliferation"], // cell population proliferation
};

/**
 * GO terms too generic to name the pathway of a mechanism chain, and GO words abstracts use for something else
 * ("hypersensitivity": a disease in abstracts, drug hypersensitivity, GO:0002524 otherwise; "enucleation": surgical
 * removal of the eye in abstracts, erythrocyte enucleation in GO): never recognised.
 */
const NEVER_PROCESSES: readonly string[] = [
  "homeostasis",
  "phosphorylation",
  "dephosphorylation",
  "methylation",
  "biosynthesis",
  "metabolism",
  "catabolism",
  "anabolism",
  "hypersensitivity",
  "enucleation",
  "metaplasia",
  "gene expression",
  "signaling pathway",
  "signalling pathway",
  "signaling cascade",
  "signal transduction",
];

/** The curated variants (see the module comment for the source). */
export const CURATED_PROCESS_NAMES: readonly CuratedProcessName[] = [
  ...Object.entries(VARIANTS).flatMap(([goId, phrases]) => phrases.map((phrase) => ({ phrase, goId }))),
  ...NEVER_PROCESSES.map((phrase) => ({ phrase, goId: null })),
];
