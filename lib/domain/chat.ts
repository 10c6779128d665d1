import type { PassageCitation } from "./fulltext";
import type { UIMessage } from "ai";
import { z } from "zod";
import type { BackendKind } from "./run";
import type { Reference } from "./report";
import type { RunDataParts } from "./events";

/** Most characters of one follow-up message: a question, not a document (longer text is refused, never cut). */
export const MAX_FOLLOW_UP_CHARS = 2_000;

/**
 * What a follow-up asks for, chosen by the backend and shown to the user:
 * - "evidence": a question about the run's evidence ("Which of these studies were in humans?"), answered from it;
 * - "research": a request for more research ("look deeper into hERG"), which starts a new iteration of the run.
 */
export type FollowUpKind = "evidence" | "research";

/**
 * The backend's reading of a follow-up: its kind, the rule that decided it (shown to the user), the reference
 * numbers it names ("Summarise reference 3" → [3]) and, for research follow-ups, the search focus (the follow-up
 * without its request words: "look deeper into hERG" → "hERG").
 */
export interface FollowUpClassification {
  kind: FollowUpKind;
  reason: string;
  /**
   * Who chose the kind: the configured language model (lib/chat/classify-model) or the rules (lib/chat/classify:
   * the extractive backend, and the fallback when the model fails). Absent on answers saved before models chose.
   */
  decidedBy?: "model" | "rules";
  references: number[];
  focus: string;
}

/** A message's lifecycle: "streaming" while the answer is written, then complete, stopped by the user, or failed. */
export type MessageStatus = "streaming" | "complete" | "stopped" | "failed";

/**
 * The checks applied to one evidence answer, as in reports (lib/report): [n] markers that named no record offered
 * were deleted (`removedMarkers`), quoted passages no cited abstract contains were removed (`removedQuotes`) or put
 * in the source's own words (`replacedQuotes`), identifiers naming no retrieved record were neutralised
 * (`removedIdentifiers`); `uncitedSentences` lists factual sentences left without a citation. `status` is
 * "verified" when nothing is uncited, else "unverified". A model's answer also counts the statements removed because
 * the sentences they cite do not support them (`removedStatements`: lib/chat/statement-check; absent on extractive
 * answers, which quote the records, and on answers stored before the check).
 */
export interface AnswerChecks {
  status: "verified" | "unverified";
  removedMarkers: number;
  removedQuotes: number;
  replacedQuotes: number;
  removedIdentifiers: number;
  uncitedSentences: string[];
  removedStatements?: number;
}

/**
 * The facts of one evidence answer, sent after its text: the references its [n] markers cite (numbered in the
 * conversation's reference list, lib/chat/references.ts), whether the evidence answered the follow-up at all, the
 * backend that wrote it, how many evidence records it was given (LLM) or searched (extractive), and its checks.
 */
export interface ChatAnswerData {
  backend: BackendKind;
  model: string | null;
  answered: boolean;
  references: Reference[];
  evidenceConsidered: number;
  checks: AnswerChecks;
  /** The full-text passages the answer quotes (absent when it quotes abstracts only). */
  passages?: PassageCitation[];
}

/**
 * A new iteration of the run started by a research follow-up: its number, the seq of the run's last
 * event before it (its events follow; the thread shows them as its timeline, up to the next run-finished) and the
 * queries it searches. Saved with the answer when the iteration starts; its outcome is read from the run's events.
 */
export interface ResearchIterationData {
  iteration: number;
  fromSeq: number;
  queries: string[];
}

/**
 * What changed between two report versions: references added and removed (by evidence id, with
 * titles), hypotheses whose support changed (supporting/contradicting counts before and after), confidence, and how
 * many new records the iterations between the two versions found.
 */
export interface ReportChanges {
  fromVersion: number;
  toVersion: number;
  referencesAdded: Array<{ evidenceId: string; title: string }>;
  referencesRemoved: Array<{ evidenceId: string; title: string }>;
  hypotheses: Array<{
    mechanism: string;
    before: { supported: number; contradicted: number } | null;
    after: { supported: number; contradicted: number } | null;
  }>;
  confidenceBefore: number;
  confidenceAfter: number;
  newRecords: number;
}

/**
 * The report version a research follow-up produced (v1 = the first turn's report) and what changed from the previous
 * one.
 */
export interface ReportVersionData {
  version: number;
  changes: ReportChanges | null;
}

/**
 * A model's answer as it is written, before its statements are checked against what they cite: streamed under one id
 * so each part replaces the last, shown as a draft being checked, and emptied (`text` "") when the checked answer
 * replaces it. Never saved with the message: only the checked answer is.
 */
export interface AnswerDraftData {
  text: string;
}

/**
 * The data parts of a chat message: the follow-up's kind, a model answer's unchecked draft while it streams, an
 * evidence answer's facts, a research iteration, plus run events.
 */
export type ChatDataParts = RunDataParts & {
  "follow-up-kind": FollowUpClassification;
  "answer-draft": AnswerDraftData;
  "chat-answer": ChatAnswerData;
  "research-iteration": ResearchIterationData;
  "report-version": ReportVersionData;
};

/** Metadata of a stored chat message: when it was created (ISO) and its status. */
export interface ChatMetadata {
  createdAt: string;
  status: MessageStatus;
}

/** A message of a run's conversation, as stored (Message.parts) and streamed (POST /api/runs/<id>/messages). */
export type ChatUIMessage = UIMessage<ChatMetadata, ChatDataParts>;

/** The body of POST /api/runs/<id>/messages: the follow-up text, and optionally the id of an answer to regenerate. */
export const followUpRequestSchema = z.object({
  text: z
    .string({ error: "Write a follow-up question." })
    .trim()
    .min(1, "Write a follow-up question.")
    .max(MAX_FOLLOW_UP_CHARS, `A follow-up can be at most ${MAX_FOLLOW_UP_CHARS.toLocaleString("en")} characters.`),
  regenerate: z.string().min(1).max(100).optional(),
});

/** The stored parts of a message: AI SDK UI message parts, each an object with a `type`. */
export const messagePartsSchema = z.array(z.looseObject({ type: z.string() }));
