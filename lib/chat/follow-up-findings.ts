import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import type { ReasoningBackend } from "@/lib/research/backend";
import { withMarker } from "@/lib/research/agents/extractive/report";
import { cleanSentence } from "@/lib/research/agents/extractive/sentence-picker";
import { referenceFromEvidence } from "@/lib/report/references";
import { bm25Scores } from "@/lib/text/bm25";
import { splitSentences } from "@/lib/text/sentences";
import { indexTerms } from "@/lib/text/tokens";
import { followUpTopic } from "./extractive-answer";
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
/** Shortest sentence worth quoting, as the extractive report. */
const MIN_QUOTED_CHARS = 40;

interface Candidate {
  record: number;
  text: string;
  isNew: boolean;
  score: number;
  named: { drug: boolean; effect: boolean };
}

/** "a", "b" and "c" → "a, b and c". */
function andList(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** Title and abstract sentences of the evidence naming a focus term, scored by BM25 against the focus and the question's entities. */
function focusSentences(evidence: Evidence[], focus: FollowUpReportFocus, entities: QuestionEntities): { candidates: Candidate[]; words: string[] } {
  const { terms, words, query } = followUpTopic(focus.focus);
  const raw: Array<Omit<Candidate, "score">> = [];
  evidence.forEach((e, record) => {
    const isNew = !focus.priorEvidenceIds.has(e.id);
    for (const sentence of [e.citation.title, ...splitSentences(e.citation.abstract)]) {
      const text = cleanSentence(sentence);
      if (text.length < MIN_QUOTED_CHARS || !indexTerms(text).some((t) => terms.has(t))) continue;
      raw.push({ record, text, isNew, named: entities.names(record, sentence) });
    }
  });
  const scores = bm25Scores([query, entities.drug ?? "", entities.effect ?? ""].join(" "), raw.map((c) => c.text));
  return { candidates: raw.map((c, i) => ({ ...c, score: scores[i] })), words };
}

/** Up to FOLLOW_UP_SENTENCES of the allowed candidates, one per record, new records first, then by score. */
function pick(candidates: Candidate[], allowed: (c: Candidate) => boolean, used: Set<number>): Candidate[] {
  const out: Candidate[] = [];
  const ranked = candidates.filter(allowed).sort((a, b) => Number(b.isNew) - Number(a.isNew) || b.score - a.score || a.record - b.record);
  for (const c of ranked) {
    if (out.length >= FOLLOW_UP_SENTENCES) break;
    if (used.has(c.record)) continue;
    used.add(c.record);
    out.push(c);
  }
  return out;
}

/**
 * Adds to a research follow-up's report what the iteration found on the follow-up (issue 14: report v2 answers "look
 * deeper into X" from the new iteration's evidence), whatever backend wrote it. A paragraph appended to the executive
 * summary:
 * 1. "On the follow-up (…), the iteration kept N new records (M naming <drug> with <focus>)." — counts from the
 *    evidence (no quotation marks: quoted text must be an abstract's words, or the critic's quote check removes it);
 * 2. up to {@link FOLLOW_UP_SENTENCES} sentences naming the focus and the question's drug (its effect when the
 *    question names no drug), from the iteration's new records first, then the run's earlier records, one per
 *    record, ranked by BM25 against the focus with the drug and effect; each quoted as written with its [n];
 *    or "No record of the run names <drug> with <focus>." when there is none;
 * 3. when no new record names the drug with the focus, up to 3 new records' sentences naming the focus and the
 *    question's effect, introduced as concerning other drugs.
 * Quoted records not yet among the report's references are added after them (numbered on), so the change summary
 * lists them as references added. Sentences of the report are left as they are. Deterministic.
 */
export function addFollowUpFindings(report: ResearchReport, evidence: Evidence[], focus: FollowUpReportFocus): ResearchReport {
  const entities = questionEntities(focus.question, evidence);
  const { candidates, words } = focusSentences(evidence, focus, entities);
  const focusLabel = andList(words.length > 0 ? words : [focus.focus]);
  const newRecords = evidence.filter((e) => !focus.priorEvidenceIds.has(e.id));
  const anchor = (c: Candidate) => (entities.drug ? c.named.drug : entities.effect ? c.named.effect : true);
  const used = new Set<number>();
  const onQuestion = pick(candidates, anchor, used);
  const fromNew = onQuestion.some((c) => c.isNew);
  const others = !fromNew && entities.drug && entities.effect ? pick(candidates, (c) => c.isNew && c.named.effect && !c.named.drug, used) : [];

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

  const naming = entities.drug ? newRecords.filter((e) => candidates.some((c) => c.named.drug && evidence[c.record] === e)).length : 0;
  const counted = `${newRecords.length} new ${newRecords.length === 1 ? "record" : "records"}`;
  const parts = [
    `On the follow-up (${focus.followUp.trim().replace(/[“”"()]/g, "")}), the iteration kept ${counted}${entities.drug ? ` (${naming} naming ${entities.drug} with ${focusLabel})` : ""}.`,
    onQuestion.length > 0
      ? `On ${entities.drug ?? entities.effect ?? "the question"} and ${focusLabel}, the run's records say: ${quote(onQuestion)}`
      : `No record of the run names ${entities.drug ?? entities.effect ?? "the question's terms"} with ${focusLabel}.`,
    others.length > 0 ? `The new records on ${entities.effect} and ${focusLabel} concern other drugs: ${quote(others)}` : "",
  ];
  return { ...report, executiveSummary: `${report.executiveSummary} ${parts.filter(Boolean).join(" ")}`, references };
}

/**
 * A reasoning backend whose reports carry the follow-up's findings ({@link addFollowUpFindings}); the other agents
 * are the wrapped backend's. Used for the report stage of a research follow-up's iteration, so the critic checks the
 * added sentences like the rest.
 */
export function withFollowUpFindings(backend: ReasoningBackend, focus: FollowUpReportFocus): ReasoningBackend {
  return {
    kind: backend.kind,
    model: backend.model,
    hypothesize: (input) => backend.hypothesize(input),
    judge: (input) => backend.judge(input),
    report: async (input) => addFollowUpFindings(await backend.report(input), input.evidence, focus),
    ...(backend.critique ? { critique: backend.critique.bind(backend) } : {}),
  };
}
