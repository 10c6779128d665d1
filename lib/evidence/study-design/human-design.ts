import type { StudyDesign } from "@/lib/domain/study-design";
import {
  CASE_CONTROL_DESIGN,
  COHORT_DESIGN,
  COMPARISON,
  FOLLOW_UP,
  MATCHED_CONTROLS,
  PATIENTS_TREATED,
  RANDOMISED,
  TRIAL,
  TRIAL_WEAK,
  VOLUNTEERS,
} from "./design-cues";
import type { MeshDesign } from "./mesh";
import type { CaseCues } from "./text-reading";

/**
 * The design of a study in people from its title and study sentences, first match wins: randomised allocation or
 * double blinding; trial wording (phases, open-label, pilot, response rates); an explicit case-control,
 * cross-sectional or cohort design; a case described; volunteers dosed or challenged, placebo or single blinding; a
 * few patients described with their outcome, when no group of ten or more is counted (see CaseCues); matched controls
 * or non-users compared; follow-up of a group; a counted group given a treatment; weaker signs of a comparison at one
 * time (healthy controls, prevalence, surveys); else another human study. `observational` (the publication type
 * "Observational Study") limits the answer to cohort or case-control.
 */
export function humanDesign(text: string, cases: CaseCues, mesh: MeshDesign, observational: boolean): StudyDesign {
  const caseControl = CASE_CONTROL_DESIGN.test(text) || mesh.design === "case-control";
  if (observational) return caseControl ? "case-control" : "cohort";
  if (RANDOMISED.test(text) || mesh.design === "randomized") return "randomized-trial";
  if (TRIAL.test(text)) return "clinical-trial";
  if (caseControl) return "case-control";
  if (COHORT_DESIGN.test(text)) return "cohort";
  if (cases.described) return "case-report";
  if (VOLUNTEERS.test(text) || TRIAL_WEAK.test(text)) return "clinical-trial";
  if (cases.few) return "case-report";
  if (MATCHED_CONTROLS.test(text)) return "case-control";
  if (FOLLOW_UP.test(text) || mesh.design === "cohort") return "cohort";
  if (PATIENTS_TREATED.test(text)) return "clinical-trial";
  if (COMPARISON.test(text)) return "case-control";
  return "human-other";
}
