import type { ModelUsage } from "@/lib/domain/agent";
import type { ChatAnswerData, FollowUpClassification } from "@/lib/domain/chat";
import { createSentenceBuffer } from "@/lib/grounding/sentence-buffer";
import { sentenceSpans } from "@/lib/text/sentence-spans";
import { createAnswerChecker } from "./answer-checks";
import type { ChatBackend } from "./backend";
import type { HistoryTurn } from "./llm-answer";
import { checkStatements, type CheckedStatements } from "./statement-check";
import type { ConversationReferences } from "./references";

/**
 * Where an answer's checked text goes, piece by piece: the caller writes it to the UI stream and keeps it.
 * `progress`, when given, receives the answer's facts so far each time a piece cites a new reference, so the
 * client can turn the markers already shown into hover-card citations while the answer streams.
 */
export type TextSink = (delta: string, progress?: ChatAnswerData) => void;

/** What an answer says when the checks removed every statement it made: nothing supported is left to show. */
export const NOT_ANSWERED =
  "The run's records do not answer this question: the statements written were not supported by the records they " +
  "cited.";

/** Everything one evidence answer needs, and the chat backend that writes it (lib/chat/backend). */
export interface EvidenceAnswerInput {
  followUp: string;
  classification: FollowUpClassification;
  question: string;
  conversation: ConversationReferences;
  /** The report's executive summary, shown to the model as context (null when there is no report). */
  summary: string | null;
  history: HistoryTurn[];
  backend: ChatBackend;
  signal?: AbortSignal;
  /** Receives the model call's token usage (LLM answers only), for the run's cost. */
  onUsage?: (usage: ModelUsage) => void;
  /**
   * Receives a model's unchecked draft so far, sentence by sentence as it streams (to show progress, marked as a draft
   * being checked), then "" once the checked answer is about to replace it. Not called for the extractive answer.
   */
  onDraft?: (draft: string) => void;
}

/**
 * Answers a question about the run's evidence (the "evidence" kind of follow-up), streaming: the text comes from the
 * chat backend (the model over the MMR-selected, bounded evidence, or the extractive answer; lib/chat/backend), and
 * every piece passes the report checks before it reaches `sink` (createAnswerChecker: markers only for records
 * offered, quotes found in cited abstracts, identifiers of retrieved records only, uncited sentences listed). A
 * model's answer is read whole first, its draft going to `onDraft` sentence by sentence as it streams (shown as a
 * draft, never saved), and its statements checked against the sentences they cite (lib/chat/statement-check:
 * uncited or unsupported statements removed and counted, one entailment call); then the draft is emptied and the
 * checked answer sent to `sink` sentence by sentence; when nothing supported is left it is {@link NOT_ANSWERED}.
 * Stops early when `signal` aborts.
 * @returns the answer's facts (references cited, answered or not, checks), to be sent after the text.
 * @throws the model provider's error, and the entailment check's (the caller records the answer as failed).
 */
export async function writeEvidenceAnswer(input: EvidenceAnswerInput, sink: TextSink): Promise<ChatAnswerData> {
  const { conversation, backend } = input;
  const source = await backend.answer(
    {
      followUp: input.followUp,
      referenced: input.classification.references,
      question: input.question,
      conversation,
      summary: input.summary,
      history: input.history,
    },
    { signal: input.signal, onUsage: input.onUsage },
  );
  const { allowed, considered, answered, passages } = source;
  const checker = createAnswerChecker(conversation, allowed, backend.kind === "llm");
  let statements: CheckedStatements | null = null;
  const facts = (): ChatAnswerData => {
    const { checks, cited } = checker.result();
    return {
      backend: backend.kind,
      model: backend.model,
      answered: answered ?? cited.length > 0,
      references: cited,
      evidenceConsidered: considered,
      checks: statements
        ? {
            ...checks,
            removedMarkers: checks.removedMarkers + statements.removedCitations,
            removedStatements: statements.removed,
          }
        : checks,
      ...(passages ? { passages } : {}),
    };
  };
  let citedSoFar = 0;
  const emit = (piece: string) => {
    const text = checker.check(piece);
    const now = facts();
    const grew = now.references.length > citedSoFar;
    citedSoFar = now.references.length;
    sink(text, grew ? now : undefined);
  };
  if (source.context) {
    // A model's statements are checked against the sentences they cite before any is shown: the whole answer first.
    let whole = "";
    let draft = "";
    const drafts = createSentenceBuffer();
    for await (const delta of source.text) {
      if (input.signal?.aborted) return facts();
      whole += delta;
      // The draft grows a whole sentence at a time, as the checked answer is sent.
      const piece = drafts.push(delta);
      if (piece) input.onDraft?.((draft += piece));
    }
    input.onDraft?.(whole);
    const entail = backend.entail
      ? (prompt: string) => backend.entail!(prompt, { signal: input.signal, onUsage: input.onUsage })
      : null;
    statements = await checkStatements(whole, source.context, input.question, entail);
    input.onDraft?.("");
    const supported = statements.removed > 0 && !/\[\d/.test(statements.text) ? NOT_ANSWERED : statements.text;
    // Sent sentence by sentence, so the references cited so far reach the client as the text arrives.
    // Each piece is a sentence with the whitespace after it, as the sentence buffer cuts a stream.
    const starts = sentenceSpans(supported).map((span, i) => (i === 0 ? 0 : span.start));
    starts.forEach((start, i) => emit(supported.slice(start, starts[i + 1] ?? supported.length)));
    if (starts.length === 0 && supported) emit(supported);
    return facts();
  }
  const buffer = createSentenceBuffer();
  for await (const delta of source.text) {
    if (input.signal?.aborted) break;
    const piece = buffer.push(delta);
    if (piece) emit(piece);
  }
  const rest = buffer.flush();
  if (rest && !input.signal?.aborted) emit(rest);
  return facts();
}
