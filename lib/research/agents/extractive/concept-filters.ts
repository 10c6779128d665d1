import type { ConceptInfo } from "./concepts";

/**
 * Chemicals that occur throughout physiology abstracts without mechanistic specificity: electrolytes, water,
 * oxygen, glucose, nucleotides, routine laboratory markers, saline and dietary fat (MeSH IDs).
 * They are never chosen as a drug, a target or a drug candidate. Source: our own list.
 */
export const UBIQUITOUS_CHEMICALS: ReadonlySet<string> = new Set([
  "D012964", // sodium
  "D011188", // potassium
  "D002118", // calcium
  "D002712", // chlorides
  "D002713", // chlorine
  "D008274", // magnesium
  "D014867", // water
  "D010100", // oxygen
  "D005947", // glucose
  "D003404", // creatinine
  "D014508", // urea
  "D012965", // sodium chloride (saline)
  "D000255", // adenosine triphosphate
  "D000244", // adenosine diphosphate
  "D000249", // adenosine monophosphate
  "D004041", // dietary fats
  "D014280", // triglycerides
  "D019344", // lactic acid
  "D003401", // creatine
]);

/** Same list by name, for records without MeSH IDs (lower-case). */
const UBIQUITOUS_NAMES = new Set([
  "sodium",
  "potassium",
  "calcium",
  "chloride",
  "magnesium",
  "water",
  "oxygen",
  "glucose",
  "creatinine",
  "urea",
  "saline",
  "atp",
  "adp",
  "amp",
  "fat",
  "triglycerides",
  "lactate",
  "creatine",
  "na",
  "k",
  "ca",
  "cl",
  "mg",
]);

/**
 * Drug-class and product words: a class ("anthracycline") is not a molecular target of its own member.
 * Source: our own list.
 */
const DRUG_CLASS = new RegExp(
  "anthracyclin|benzodiazepines?$|sulphonylurea|sulfonylurea|statins$|beta-blocker|blockers?$|inhibitors?$|" +
    "antidepress|antipsychot|neurolept|flavonoid|steroid|antibiotic|chemotherap|cytostatic|diuretic|" +
    "anticonvulsant|anaesthetic|anesthetic|analgesic|nsaid|ssri|antineoplastic|agent",
  "i",
);

/**
 * Disease annotations too generic to be a mechanism step or an effect: "toxicity"/"cytotoxicity" (MeSH
 * D064420, Drug-Related Side Effects and Adverse Reactions) and "tumor"/"cancer" (D009369, Neoplasms).
 */
export const GENERIC_DISEASES: ReadonlySet<string> = new Set(["D064420", "D009369"]);

/** True for chemicals in {@link UBIQUITOUS_CHEMICALS} or with a ubiquitous name. */
export function isUbiquitousChemical(info: ConceptInfo): boolean {
  if (info.kind !== "chemical") return false;
  if (UBIQUITOUS_CHEMICALS.has(info.key)) return true;
  return [...info.forms.keys()].some((f) => UBIQUITOUS_NAMES.has(f.toLowerCase()));
}

/** True for chemicals named as a drug class or product ("anthracycline", "antidepressant"). */
export function isDrugClass(info: ConceptInfo): boolean {
  return info.kind === "chemical" && [...info.forms.keys()].some((f) => DRUG_CLASS.test(f));
}
