import { z } from "zod";
import { evidenceKey, recordUrl } from "@/lib/evidence/identity";
import { EMPTY_PROVENANCE, type Evidence, type Provenance, type SourceId, type Trial } from "@/lib/domain/evidence";
import { collapseSpaces } from "./markup";

/**
 * Thrown when JSON is not a ClinicalTrials.gov API v2 study or `/studies` response (including the retired classic API).
 */
export class CtgovFormatError extends Error {
  override name = "CtgovFormatError";
}

const labelled = z.object({ measure: z.string() });

/** The parts of an API v2 study that we map; every module is optional except identificationModule.nctId. */
const studySchema = z.object({
  protocolSection: z.object({
    identificationModule: z.object({
      nctId: z.string().regex(/^NCT\d{8}$/, "expected an NCT number such as NCT01234567"),
      briefTitle: z.string().optional(),
      officialTitle: z.string().optional(),
      organization: z.object({ fullName: z.string().optional() }).optional(),
    }),
    statusModule: z
      .object({
        overallStatus: z.string().optional(),
        whyStopped: z.string().optional(),
        startDateStruct: z.object({ date: z.string().optional() }).optional(),
        completionDateStruct: z.object({ date: z.string().optional() }).optional(),
        lastUpdatePostDateStruct: z.object({ date: z.string().optional() }).optional(),
      })
      .optional(),
    sponsorCollaboratorsModule: z
      .object({ leadSponsor: z.object({ name: z.string().optional() }).optional() })
      .optional(),
    descriptionModule: z.object({ briefSummary: z.string().optional() }).optional(),
    conditionsModule: z.object({ conditions: z.array(z.string()).optional() }).optional(),
    designModule: z
      .object({
        studyType: z.string().optional(),
        phases: z.array(z.string()).optional(),
        enrollmentInfo: z.object({ count: z.number().int().optional() }).optional(),
      })
      .optional(),
    armsInterventionsModule: z
      .object({
        armGroups: z.array(z.object({ label: z.string().optional() })).optional(),
        interventions: z.array(z.object({ type: z.string().optional(), name: z.string().optional() })).optional(),
      })
      .optional(),
    outcomesModule: z
      .object({ primaryOutcomes: z.array(labelled).optional(), secondaryOutcomes: z.array(labelled).optional() })
      .optional(),
  }),
  hasResults: z.boolean().optional(),
});
type Study = z.infer<typeof studySchema>;

/**
 * How far (days) a registration's last posted update may lie before its completion date before the record counts as
 * stale. Source: FDAAA 801 (42 CFR 11.64(a)(1)(ii)) requires a registered trial's record to be updated at least once
 * every 12 months, so a last update more than 365 days before completion means at least one required update before
 * the study ended was missed, and the status and completion date are the sponsor's old plan, not confirmed facts.
 */
export const STALE_REGISTRATION_DAYS = 365;

/** Primary outcomes named in the readable summary; the rest are counted ("+8 more"). */
const SUMMARY_OUTCOMES = 3;

/**
 * Parses ClinicalTrials.gov API v2 JSON: a `/studies` search response (`{studies: [...]}`) or one study
 * (`{protocolSection: ...}` from `/studies/{nctId}`). Field-limited responses (`fields=...`) are accepted;
 * missing modules give null/empty values.
 * - trial: phases and overallStatus/studyType as the registry enums ("PHASE2", "TERMINATED", "INTERVENTIONAL"),
 *   interventions as "TYPE: name" (just the name when the response has no type), arms = arm group labels,
 *   outcomes = outcome measures, startYear from startDateStruct, hasResults false when the response omits it;
 * - provenance.registry: lastUpdatePostDateStruct and completionDateStruct dates as given ("2020-10-08" or
 *   "2020-10"), and `stale` when the completion date (actual or anticipated) is on or before `asOf` and lies more
 *   than {@link STALE_REGISTRATION_DAYS} days after the last update posted (the record was never updated through the
 *   study's end); withdrawn and terminated studies are already in `trial.overallStatus`;
 * - citation: title = briefTitle (officialTitle when absent), journal = "ClinicalTrials.gov",
 *   publicationTypes = ["Clinical Trial Registration"], year = start year, url = the study page, and
 *   authors = [] (a registration has no authors; the lead sponsor is named in the abstract instead);
 *   abstract = a summary of the registry facts ("Phase 2, terminated (why stopped: …) interventional study of X
 *   in Y. Enrollment: N. Sponsor: S. Primary outcome: …") followed by the brief summary on its own line.
 * @returns one Evidence per study in response order with `relevance: 0` and `citation.source = source`.
 * @throws CtgovFormatError for a retired classic-API document (`FullStudiesResponse`, `StudyFieldsResponse`),
 *   JSON that is neither shape, or a study without a valid NCT ID.
 */
export function parseCtgovStudies(json: unknown, source: SourceId = "local", asOf: Date = new Date()): Evidence[] {
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw new CtgovFormatError("not a ClinicalTrials.gov API v2 response: expected a JSON object");
  }
  const doc = json as Record<string, unknown>;
  const legacy = ["FullStudiesResponse", "StudyFieldsResponse"].find((k) => k in doc);
  if (legacy) {
    throw new CtgovFormatError(
      `retired ClinicalTrials.gov classic API format (${legacy}) is not supported; use API v2 (/api/v2/studies)`,
    );
  }
  let studies: unknown[];
  if (Array.isArray(doc.studies)) studies = doc.studies;
  else if ("protocolSection" in doc) studies = [doc];
  else
    throw new CtgovFormatError(
      "not a ClinicalTrials.gov API v2 response: expected a `studies` array or a `protocolSection`",
    );
  return studies.map((raw, index) => {
    const parsed = studySchema.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; ");
      throw new CtgovFormatError(`study ${index} has the wrong shape: ${issues}`);
    }
    return toEvidence(parsed.data, source, asOf);
  });
}

function toEvidence(study: Study, source: SourceId, asOf: Date): Evidence {
  const p = study.protocolSection;
  const nctId = p.identificationModule.nctId;
  const trial = toTrial(study);
  const ids = { pmid: null, doi: null, pmcid: null, nctId };
  const sponsor =
    p.sponsorCollaboratorsModule?.leadSponsor?.name ?? p.identificationModule.organization?.fullName ?? null;
  const summary = collapseParagraphs(p.descriptionModule?.briefSummary ?? "");
  return {
    id: evidenceKey(ids),
    citation: {
      source,
      ...ids,
      title: collapseSpaces(p.identificationModule.briefTitle ?? p.identificationModule.officialTitle ?? nctId),
      authors: [],
      journal: "ClinicalTrials.gov",
      year: trial.startYear,
      url: recordUrl(ids),
      publicationTypes: ["Clinical Trial Registration"],
      meshTerms: [],
      abstract: [registrySummary(trial, sponsor), summary].filter(Boolean).join("\n"),
    },
    relevance: 0,
    entities: [],
    preprint: false,
    trial,
    provenance: registryProvenance(study, asOf),
  };
}

/** The registry facts of a study (see parseCtgovStudies): last update, completion date, and whether it is stale. */
function registryProvenance(study: Study, asOf: Date): Provenance {
  const status = study.protocolSection.statusModule;
  const lastUpdatePosted = status?.lastUpdatePostDateStruct?.date ?? null;
  const completionDate = status?.completionDateStruct?.date ?? null;
  const updated = dateValue(lastUpdatePosted);
  const completed = dateValue(completionDate);
  const stale =
    updated !== null &&
    completed !== null &&
    completed <= asOf.getTime() &&
    (completed - updated) / DAY_MS > STALE_REGISTRATION_DAYS;
  return { ...EMPTY_PROVENANCE, registry: { lastUpdatePosted, completionDate, stale } };
}

const DAY_MS = 86_400_000;

/** Milliseconds of a registry date "YYYY-MM-DD" or "YYYY-MM" (the first of the month), UTC; null when unreadable. */
function dateValue(date: string | null): number | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(date ?? "");
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, m[3] ? Number(m[3]) : 1) : null;
}

function toTrial(study: Study): Trial {
  const p = study.protocolSection;
  const start = /^(\d{4})/.exec(p.statusModule?.startDateStruct?.date ?? "");
  return {
    phases: p.designModule?.phases ?? [],
    overallStatus: p.statusModule?.overallStatus ?? null,
    whyStopped: p.statusModule?.whyStopped ? collapseSpaces(p.statusModule.whyStopped) : null,
    studyType: p.designModule?.studyType ?? null,
    conditions: p.conditionsModule?.conditions ?? [],
    interventions: (p.armsInterventionsModule?.interventions ?? [])
      .filter((i) => i.name)
      .map((i) => (i.type ? `${i.type}: ${i.name}` : String(i.name))),
    arms: (p.armsInterventionsModule?.armGroups ?? []).map((a) => a.label ?? "").filter(Boolean),
    enrollment: p.designModule?.enrollmentInfo?.count ?? null,
    primaryOutcomes: (p.outcomesModule?.primaryOutcomes ?? []).map((o) => collapseSpaces(o.measure)),
    secondaryOutcomes: (p.outcomesModule?.secondaryOutcomes ?? []).map((o) => collapseSpaces(o.measure)),
    hasResults: study.hasResults ?? false,
    startYear: start ? Number(start[1]) : null,
  };
}

/** "PHASE2" → "Phase 2", "EARLY_PHASE1" → "Early phase 1"; "NA" (not applicable) is dropped. */
function phaseLabel(phase: string): string | null {
  if (phase === "NA") return null;
  const m = /^(EARLY_)?PHASE(\d)$/.exec(phase);
  if (!m) return humanize(phase);
  return `${m[1] ? "Early phase" : "Phase"} ${m[2]}`;
}

/** Registry enum to lower-case words: "ACTIVE_NOT_RECRUITING" → "active not recruiting". */
function humanize(value: string): string {
  return value.toLowerCase().replace(/_/g, " ");
}

function registrySummary(t: Trial, sponsor: string | null): string {
  const phases = t.phases.map(phaseLabel).filter((x): x is string => x !== null);
  const lead: string[] = [];
  if (phases.length) lead.push(phases.join("/"));
  if (t.overallStatus) lead.push(humanize(t.overallStatus) + (t.whyStopped ? ` (why stopped: ${t.whyStopped})` : ""));
  const interventions = t.interventions.map((i) => i.replace(/^[A-Z_]+: /, ""));
  let sentence = [lead.join(", "), `${t.studyType ? humanize(t.studyType) + " " : ""}study`].filter(Boolean).join(", ");
  if (interventions.length) sentence += ` of ${interventions.join(", ")}`;
  if (t.conditions.length) sentence += ` in ${t.conditions.join(", ")}`;
  const parts = [capitalize(sentence) + "."];
  if (t.enrollment !== null) parts.push(`Enrollment: ${t.enrollment}.`);
  if (sponsor) parts.push(`Sponsor: ${collapseSpaces(sponsor)}.`);
  if (t.primaryOutcomes.length) {
    const named = t.primaryOutcomes.slice(0, SUMMARY_OUTCOMES).join("; ");
    const more = t.primaryOutcomes.length - SUMMARY_OUTCOMES;
    parts.push(
      `Primary outcome${t.primaryOutcomes.length > 1 ? "s" : ""}: ${named}${more > 0 ? ` (+${more} more)` : ""}.`,
    );
  }
  if (t.hasResults) parts.push("Results posted.");
  return parts.join(" ");
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Collapses spaces within paragraphs and joins non-empty paragraphs with "\n". */
function collapseParagraphs(text: string): string {
  return text.split(/\r?\n/).map(collapseSpaces).filter(Boolean).join("\n");
}
