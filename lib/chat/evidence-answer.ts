import type { LanguageModel } from "ai";
import type { ModelUsage } from "@/lib/domain/agent";
import type { ChatAnswerData, FollowUpClassification } from "@/lib/domain/chat";
import { createSentenceBuffer } from "@/lib/grounding/sentence-buffer";
import { createAnswerChecker } from "./answer-checks";
import { extractiveAnswer } from "./extractive-answer";
import { answerPrompt, buildAnswerContext, streamModelAnswer, type HistoryTurn } from "./llm-answer";
import type { ConversationReferences } from "./references";

/**
 * Where an answer's checked text goes, piece by piece: the caller writes it to the UI stream and keeps it.
 * `progress`, when given, receives the answer's facts so far each time a piece cites a new reference, so the
 * client can turn the markers already shown into hover-card citations while the answer streams.
 */
export type TextSink = (delta: string, progress?: ChatAnswerData) => void;

/** Everything one evidence answer needs. `model` null means the extractive backend. */
export interface EvidenceAnswerInput {
  followUp: string;
  classification: FollowUpClassification;
  question: string;
  conversation: ConversationReferences;
  /** The report's executive summary, shown to the model as context (null when there is no report). */
  summary: string | null;
  history: HistoryTurn[];
  model: { model: LanguageModel; modelId: string } | null;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Receives the model call's token usage (LLM answers only), for the run's cost. */
  onUsage?: (usage: ModelUsage) => void;
}

/** Extractive text, handed out a few words at a time so it streams like a model's answer. */
async function* inPieces(text: string): AsyncGenerator<string> {
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) yield piece;
}

/**
 * Answers a question about the run's evidence (the "evidence" kind of follow-up), streaming: the text comes from the
 * model (streamText over the MMR-selected, bounded evidence; lib/chat/llm-answer) or from the extractive backend
 * (lib/chat/extractive-answer), and every piece passes the report checks before it reaches `sink` (createAnswerChecker:
 * markers only for records offered, quotes found in cited abstracts, identifiers of retrieved records only, uncited
 * sentences listed). Stops early when `signal` aborts.
 * @returns the answer's facts (references cited, answered or not, checks), to be sent after the text.
 * @throws the model provider's error (the caller records the answer as failed).
 */
export async function writeEvidenceAnswer(input: EvidenceAnswerInput, sink: TextSink): Promise<ChatAnswerData> {
  const { conversation } = input;
  let source: AsyncIterable<string>;
  let allowed: Set<number>;
  let considered: number;
  let answered: boolean | null = null;
  if (input.model) {
    const context = await buildAnswerContext(
      input.followUp,
      input.question,
      input.classification.references,
      conversation,
    );
    allowed = new Set(context.shown.map((s) => s.n));
    considered = context.shown.length;
    const prompt = answerPrompt({
      question: input.question,
      summary: input.summary,
      history: input.history,
      context,
      followUp: input.followUp,
    });
    source = streamModelAnswer(input.model.model, prompt, {
      signal: input.signal,
      timeoutMs: input.timeoutMs,
      onUsage: input.onUsage,
    });
  } else {
    const answer = extractiveAnswer({
      followUp: input.followUp,
      question: input.question,
      referenced: input.classification.references,
      conversation,
    });
    allowed = new Set(conversation.references.map((r) => r.n));
    considered = answer.considered;
    answered = answer.answered;
    source = inPieces(answer.text);
  }
  const checker = createAnswerChecker(conversation, allowed, Boolean(input.model));
  const facts = (): ChatAnswerData => {
    const { checks, cited } = checker.result();
    return {
      backend: input.model ? "llm" : "extractive",
      model: input.model?.modelId ?? null,
      answered: answered ?? cited.length > 0,
      references: cited,
      evidenceConsidered: considered,
      checks,
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
  const buffer = createSentenceBuffer();
  for await (const delta of source) {
    if (input.signal?.aborted) break;
    const piece = buffer.push(delta);
    if (piece) emit(piece);
  }
  const rest = buffer.flush();
  if (rest && !input.signal?.aborted) emit(rest);
  return facts();
}
