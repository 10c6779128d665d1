import type { Evidence } from "@/lib/domain/evidence";
import { isRetracted } from "@/lib/evidence/provenance";
import { findMentions, predictRelations } from "@/lib/relations";
import { splitSentences } from "@/lib/text/sentences";
import { indexTerms } from "@/lib/text/tokens";

/**
 * Which way one record points on a yes/no question (issue 13 §1, the evidence meter, after Consensus's meter):
 * "yes" — its findings answer yes; "possibly" — it bears on the question but its findings are hedged or mixed;
 * "no" — its findings answer no; "irrelevant" — it does not bear on the question.
 */
export type RecordStance = "yes" | "possibly" | "no" | "irrelevant";

/** The stances in meter order. */
export const RECORD_STANCES: readonly RecordStance[] = ["yes", "possibly", "no", "irrelevant"];

/**
 * How one record was read: its stance, how strongly it bears on the question (`bearing`, 0–1: the share of the
 * question's index terms found in its title, abstract and MeSH headings) and how it was read (`method`).
 */
export interface StanceReading {
  evidenceId: string;
  stance: RecordStance;
  bearing: number;
  method: "relation-model" | "finding-cues" | "not-read";
  /** Why, in plain words ("names lithium and nephrogenic diabetes insipidus; read as lithium causing it"). */
  reason: string;
  /** The sentence of the record the stance rests on (title or abstract, as written), null when none does. */
  passage: string | null;
}

/**
 * A record bears on the question when it holds at least this share of the question's index terms.
 * Source: tuned on PubMedQA PQA-L even-numbered PMIDs (dev split) only; see scripts/eval-pubmedqa.ts.
 */
export const BEARING_THRESHOLD = 0.5;

/**
 * Finding cues, read in the sentences that report results (the later half of the abstract plus any sentence with a
 * result cue), our reading of PubMedQA's dev split:
 * - NEGATIVE: the study found no effect, difference or association ("did not", "no significant", "not associated",
 *   "similar", "comparable", "failed to");
 * - POSITIVE: the study found one ("significantly", "associated with", "increased", "predicts", "p < 0.05");
 * - HEDGE: the authors do not commit ("may", "might", "suggest", "trend", "unclear", "further studies").
 */
const NEGATIVE =
  /\b(?:no (?:significant|statistically significant|difference|differences|association|associations|correlation|relationship|effect|evidence|benefit|change|increase|reduction|improvement)|not (?:significantly|statistically|associated|correlated|related|different|predictive|improve|reduce|increase|affect|influence|found|observed|detected|superior|better)|did not|does not|do not|was not|were not|is not|are not|could not|failed to|neither|nor|unchanged|similar|comparable|insignificant|non-?significant|n\.s\.)\b/gi;
const POSITIVE =
  /\b(?:significant(?:ly)?|associated with|correlated with|correlation (?:between|with)|increased?|decreased?|reduced?|improved?|higher|lower|greater|better|superior|effective|predict(?:s|ed|ive|or)|independent(?:ly)? (?:risk|predictor|factor)|risk factor|odds ratio|hazard ratio|p\s*[<≤]\s*0?\.0[0-5]\d*)\b/gi;
const HEDGE = /\b(?:may|might|could be|suggest(?:s|ed|ing)?|possibl[ey]|trend(?:ed)?|tended|appear(?:s|ed)? to|unclear|uncertain|remains? to be|further (?:studies|research|investigation)|limited)\b/gi;

/** Treatment and prevention wording of a question: the relation it asks about is "treats", else "causes". */
const TREATMENT_QUESTION = /\b(?:treat\w*|therap\w*|prevent\w*|protect\w*|benefit\w*|improv\w*|reduc\w*|effective|efficacy)\b/i;

function count(text: string, re: RegExp): number {
  return text.match(re)?.length ?? 0;
}

/** The share of the question's distinct index terms that occur in the record (title, abstract, MeSH headings). */
export function bearingOf(questionTerms: ReadonlySet<string>, e: Evidence): number {
  if (questionTerms.size === 0) return 0;
  const text = `${e.citation.title} ${e.citation.abstract} ${e.citation.meshTerms.map((m) => m.term).join(" ")}`;
  const terms = new Set(indexTerms(text));
  let hits = 0;
  for (const t of questionTerms) if (terms.has(t)) hits++;
  return hits / questionTerms.size;
}

/**
 * The relation model's answer for a record that names both a chemical and a disease of the question (by its
 * annotations): "yes" when it predicts the relation the question asks about, "no" when every sentence relating the
 * pair is negated or it predicts the opposite relation, "possibly" when it predicts none; null when the record does
 * not hold such a pair (the question is then read with finding cues).
 */
function relationStance(question: string, e: Evidence): { stance: RecordStance; reason: string; passage: string | null } | null {
  const lower = question.toLowerCase();
  const named = e.entities.filter(
    (x): x is typeof x & { type: "chemical" | "disease" } => x.type !== "gene" && x.name.length >= 3 && new RegExp(`\\b${x.name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(lower),
  );
  if (!named.some((x) => x.type === "chemical") || !named.some((x) => x.type === "disease")) return null;
  const mentions = findMentions(e.citation.title, e.citation.abstract, named.map((x) => ({ name: x.name, type: x.type, meshId: x.meshId })));
  if (mentions.length === 0) return null;
  const asked = TREATMENT_QUESTION.test(question) ? "treats" : "causes";
  const pairs = predictRelations({ title: e.citation.title, abstract: e.citation.abstract, mentions });
  if (pairs.length === 0) return null;
  const read = (p: (typeof pairs)[number], stance: RecordStance, how: string) => ({
    stance,
    reason: `names ${p.chemical} and ${p.disease}; ${how}`,
    passage: (p.sentences.find((x) => x.cue) ?? p.sentences[0])?.text ?? null,
  });
  const yes = pairs.find((p) => p.relation === asked && !p.negated);
  if (yes) return read(yes, "yes", `read as ${yes.chemical} ${asked === "treats" ? "treating" : "causing"} it`);
  const no = pairs.find((p) => p.negated || (p.relation !== "none" && p.relation !== asked));
  if (no) return read(no, "no", no.negated ? "every sentence relating them is negated" : `read as ${no.chemical} ${no.relation === "treats" ? "treating" : "causing"} it, not what the question asks`);
  return read(pairs[0], "possibly", "no relation between them is stated");
}

/** Sentences read for findings: the abstract's last ones, where results and conclusions stand. Tuned on PubMedQA dev. */
export const FINDING_SENTENCES = 3;
/** Weight of a negative cue against a positive one (a negation usually sits beside a positive word: "not significantly different"). Tuned on PubMedQA dev. */
export const NEGATIVE_WEIGHT = 2;

/**
 * Reads the findings of a record with cue counts: among the abstract's last {@link FINDING_SENTENCES} sentences,
 * those that share a term with the question (all of them when none does). Score = positive −
 * {@link NEGATIVE_WEIGHT} × negative cues: "no" below 0, "yes" above 0 when the hedges do not outnumber the positive
 * cues, else "possibly". Cues and weights were tuned on PubMedQA's dev split (even PMIDs) only: reading each
 * question's own abstract this way answers 0.618 of the dev questions (majority baseline 0.552).
 */
function cueStance(questionTerms: ReadonlySet<string>, e: Evidence): { stance: RecordStance; reason: string; passage: string | null } {
  const later = splitSentences(e.citation.abstract).slice(-FINDING_SENTENCES);
  const onTopic = later.filter((s) => indexTerms(s).some((t) => questionTerms.has(t)));
  const read = onTopic.length > 0 ? onTopic : later;
  const text = read.join(" ");
  const positive = count(text, POSITIVE);
  const negative = count(text, NEGATIVE);
  const score = positive - NEGATIVE_WEIGHT * negative;
  const strongest = (re: RegExp) => read.reduce<string | null>((best, s) => (count(s, re) > (best === null ? 0 : count(best, re)) ? s : best), null);
  if (score < 0) return { stance: "no", reason: "its findings report no effect or no association", passage: strongest(NEGATIVE) };
  if (score > 0 && count(text, HEDGE) <= positive) return { stance: "yes", reason: "its findings report an effect or association", passage: strongest(POSITIVE) };
  return { stance: "possibly", reason: positive > 0 ? "its findings are hedged" : "its findings state no clear result", passage: strongest(HEDGE) ?? read.at(-1) ?? null };
}

/**
 * Reads every record of a run for the question: retracted records and records below {@link BEARING_THRESHOLD} are
 * "irrelevant" (a retracted record never counts as support, issue 15), records without an abstract "possibly" when
 * they bear on it (their title alone cannot say which way); the others by the relation model when they name a
 * chemical and a disease of the question, else by finding cues. Deterministic; one reading per record, in order.
 */
export function readRecordStances(question: string, evidence: Evidence[]): StanceReading[] {
  const questionTerms = new Set(indexTerms(question));
  return evidence.map((e): StanceReading => {
    const bearing = bearingOf(questionTerms, e);
    const base = { evidenceId: e.id, bearing };
    if (isRetracted(e)) return { ...base, stance: "irrelevant", method: "not-read", reason: "retracted: never counted", passage: null };
    if (bearing < BEARING_THRESHOLD) {
      const shared = Math.round(bearing * questionTerms.size);
      return { ...base, stance: "irrelevant", method: "not-read", reason: `shares ${shared} of the question's ${questionTerms.size} terms: too few to bear on it`, passage: null };
    }
    if (e.citation.abstract.trim() === "") return { ...base, stance: "possibly", method: "not-read", reason: "no abstract: its title alone cannot say which way", passage: null };
    const byRelation = relationStance(question, e);
    if (byRelation) return { ...base, method: "relation-model", ...byRelation };
    return { ...base, method: "finding-cues", ...cueStance(questionTerms, e) };
  });
}

/** Records quoted as the closest to a question in every report (issue 13 §0). Source: our choice, as many as the summary's sentences. */
export const CLOSEST_RECORDS = 3;

/**
 * The indices of the records closest to a question: those bearing on it (share of its index terms ≥
 * {@link BEARING_THRESHOLD}), most terms first, then in the given order (search relevance), at most
 * {@link CLOSEST_RECORDS}. Retracted records are left out (issue 15).
 */
export function closestRecords(question: string, evidence: Evidence[]): number[] {
  const questionTerms = new Set(indexTerms(question));
  return evidence
    .map((e, r) => ({ r, bearing: isRetracted(e) ? 0 : bearingOf(questionTerms, e) }))
    .filter((x) => x.bearing >= BEARING_THRESHOLD)
    .sort((a, b) => b.bearing - a.bearing || a.r - b.r)
    .slice(0, CLOSEST_RECORDS)
    .map((x) => x.r);
}
