import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import type { ReasoningBackend } from "@/lib/research/backend";
import { withMarker } from "@/lib/research/agents/extractive/report";
import { quotableText } from "@/lib/research/agents/extractive/sentence-picker";
import { referenceFromEvidence } from "@/lib/grounding/references";
import { bm25Scores } from "@/lib/text/bm25";
import { splitSentences } from "@/lib/text/sentences";
import { indexTerms } from "@/lib/text/tokens";
import { followUpTopic } from "./extractive-answer";
import { removeUnsupportedStatements } from "./follow-up-statements";
import { questionEntities, type QuestionEntities } from "./question-entities";

/**
 * What a research follow-up's report must answer besides the run's question: the run's own question (its drug and
 * effect), the user's follow-up as typed, its search focus ("look deeper into hERG" → "hERG") and the ids of the
 * records the run had before the iteration (the others are the iteration's new records).
 */
export interface FollowUpReportFocus {
  question: string;
  followUp: string;
  focus: string;
  priorEvidenceIds: ReadonlySet<string>;
}

/** Sentences quoted per part of the follow-up paragraph (our choice: as many as the executive summary quotes). */
export const FOLLOW_UP_SENTENCES = 3;

interface Candidate {
  record: number;
  text: string;
  isNew: boolean;
  score: number;
  named: { drug: boolean; effect: boolean };
}

/**
 * Title and abstract sentences of the evidence naming a term of `focusLabel` (the focus without the drug), scored by
 * BM25 against the focus and the question's entities.
 */
function focusSentences(
  evidence: Evidence[],
  focus: FollowUpReportFocus,
  focusLabel: string,
  entities: QuestionEntities,
): Candidate[] {
  const { terms, query } = followUpTopic(focusLabel);
  const raw: Array<Omit<Candidate, "score">> = [];
  evidence.forEach((e, record) => {
    const isNew = !focus.priorEvidenceIds.has(e.id);
    for (const sentence of [e.citation.title, ...splitSentences(e.citation.abstract)]) {
      const text = quotableText(sentence);
      if (text === null || !indexTerms(text).some((t) => terms.has(t))) continue;
      raw.push({ record, text, isNew, named: entities.names(record, sentence) });
    }
  });
  const scores = bm25Scores(
    [query, entities.drug ?? "", entities.effect ?? ""].join(" "),
    raw.map((c) => c.text),
  );
  return raw.map((c, i) => ({ ...c, score: scores[i] }));
}

/** Up to FOLLOW_UP_SENTENCES of the allowed candidates, one per record, new records first, then by score. */
function pick(candidates: Candidate[], allowed: (c: Candidate) => boolean, used: Set<number>): Candidate[] {
  const out: Candidate[] = [];
  const ranked = candidates
    .filter(allowed)
    .sort((a, b) => Number(b.isNew) - Number(a.isNew) || b.score - a.score || a.record - b.record);
  for (const c of ranked) {
    if (out.length >= FOLLOW_UP_SENTENCES) break;
    if (used.has(c.record)) continue;
    used.add(c.record);
    out.push(c);
  }
  return out;
}

/** The follow-up's focus as the user wrote it, without the question's drug ("lithium aquaporin" → "aquaporin"). */
function focusPhrase(focus: string, drug: string | null): string {
  const escaped = drug?.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const without = escaped
    ? focus.replace(new RegExp(`\\b${escaped}(?:-induced|-associated|-related)?\\b`, "gi"), " ")
    : focus;
  const phrase = without
    .replace(/[“”"()]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return phrase || focus.trim();
}

/** "no new record", "1 new record", "2 new records". */
function newRecordsPhrase(n: number): string {
  return n === 0 ? "no new record" : `${n} new ${n === 1 ? "record" : "records"}`;
}

/**
 * Adds to a research follow-up's report what the iteration found on the follow-up (report v2 answers "look
 * deeper into X" from the new iteration's evidence), whatever backend wrote it. A paragraph appended to the executive
 * summary, in plain words:
 * 1. "The follow-up search on aquaporin found 2 new records; none names lithium with aquaporin." — counts from the
 *    evidence (no quotation marks: quoted text must be an abstract's words, or the critic's quote check removes it);
 *    the focus is the follow-up's own phrase without the question's drug;
 * 2. "On lithium and aquaporin, the run's records say this." and up to {@link FOLLOW_UP_SENTENCES} sentences naming the
 * focus and the question's drug (its effect when the
 *    question names no drug), from the iteration's new records first, then the run's earlier records, one per
 *    record, ranked by BM25 against the focus with the drug and effect; each quoted as written with its [n];
 *    or "No record of the run names <drug> with <focus>." when there is none.
 * A question about one drug never gains references about other drugs: sentences that do not name its drug are not
 * quoted. Quoted records not yet among the report's references are added after them (numbered on), so the change
 * summary lists them as references added. Sentences of the report are left as they are. Deterministic.
 */
export function addFollowUpFindings(
  report: ResearchReport,
  evidence: Evidence[],
  focus: FollowUpReportFocus,
): ResearchReport {
  const entities = questionEntities(focus.question, evidence);
  const focusLabel = focusPhrase(focus.focus, entities.drug);
  const candidates = focusSentences(evidence, focus, focusLabel, entities);
  const newRecords = evidence.filter((e) => !focus.priorEvidenceIds.has(e.id));
  const anchor = (c: Candidate) => (entities.drug ? c.named.drug : entities.effect ? c.named.effect : true);
  const onQuestion = pick(candidates, anchor, new Set<number>());

  const references = [...report.references];
  const numberOf = new Map(references.map((r) => [r.evidenceId, r.n]));
  let next = Math.max(0, ...references.map((r) => r.n)) + 1;
  const cite = (record: number) => {
    const e = evidence[record];
    let n = numberOf.get(e.id);
    if (n === undefined) {
      n = next++;
      numberOf.set(e.id, n);
      references.push(referenceFromEvidence(e, n));
    }
    return n;
  };
  const quote = (cs: Candidate[]) => cs.map((c) => withMarker(c.text, cite(c.record))).join(" ");

  const subject = entities.drug ?? entities.effect;
  const naming = newRecords.filter((e) => candidates.some((c) => evidence[c.record] === e && anchor(c))).length;
  const found = `The follow-up search on ${focusLabel} found ${newRecordsPhrase(newRecords.length)}`;
  const namingPhrase =
    !subject || newRecords.length === 0
      ? "."
      : naming === 0
        ? `; none names ${subject} with ${focusLabel}.`
        : `; ${naming === newRecords.length ? (naming === 1 ? "it names" : "all name") : `${naming} name`} ` +
          `${subject} with ${focusLabel}.`;
  const parts = [
    `${found}${namingPhrase}`,
    // Each quoted sentence stands alone after Critica's lead, so the page can set it as a quotation.
    onQuestion.length > 0
      ? `On ${subject ?? "the question"} and ${focusLabel}, the run's records say this. ${quote(onQuestion)}`
      : `No record of the run names ${subject ?? "the question's terms"} with ${focusLabel}.`,
  ];
  return { ...report, executiveSummary: `${report.executiveSummary} ${parts.join(" ")}`, references };
}

/**
 * A reasoning backend whose reports carry the follow-up's findings ({@link addFollowUpFindings}); the other agents
 * are the wrapped backend's. A model's report first loses the cited statements naming what their records do not
 * state (./follow-up-statements), each removal a repair of the draft, so the critic loop sees it and asks for a
 * revision. Used for the report stage of a research follow-up's iteration, so the critic checks the
 * added sentences like the rest.
 */
export function withFollowUpFindings(backend: ReasoningBackend, focus: FollowUpReportFocus): ReasoningBackend {
  return {
    kind: backend.kind,
    model: backend.model,
    ...(backend.selectEvidence ? { selectEvidence: backend.selectEvidence.bind(backend) } : {}),
    hypothesize: (input) => backend.hypothesize(input),
    judge: (input) => backend.judge(input),
    report: async (input) => {
      const draft = await backend.report(input);
      if (backend.kind !== "llm") return addFollowUpFindings(draft, input.evidence, focus);
      // A model's cited statements are held to what their records state before the critic reads the draft.
      const checked = removeUnsupportedStatements(draft, input.evidence);
      if (checked.repairs.length > 0) input.hooks?.onReportRepairs?.(checked.repairs);
      return addFollowUpFindings(checked.report, input.evidence, focus);
    },
    ...(backend.critique ? { critique: backend.critique.bind(backend) } : {}),
  };
}
