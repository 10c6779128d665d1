import type { LanguageModel } from "ai";
import {
  agentOptions,
  callAgent,
  chooseModel,
  streamAgentText,
  type AgentCallOptions,
  type AgentSpec,
} from "@/lib/ai/agent";
import type { PromptStyle } from "@/lib/ai/structured";
import type { ModelUsage } from "@/lib/domain/agent";
import type { ChatAnswerData, FollowUpClassification } from "@/lib/domain/chat";
import type { BackendKind } from "@/lib/domain/run";
import { classifyFollowUp } from "./classify";
import { chatClassifyAgent, classifyWithModel } from "./classify-model";
import { extractiveAnswer } from "./extractive-answer";
import type { CriticOutput } from "@/lib/grounding/entailment";
import { criticAgent } from "@/lib/research/agents/llm/critic";
import { answerPrompt, buildAnswerContext, chatAnswerAgent, type AnswerContext, type HistoryTurn } from "./llm-answer";
import type { ConversationReferences } from "./references";

/** The chat's model agents (their sampling: ./sampling.ts). */
export const chatAgents: readonly AgentSpec[] = [chatClassifyAgent, chatAnswerAgent];

/** What a follow-up's reading and answer are asked with: the run's signal and a hook for each model call's usage. */
export interface ChatCallOptions {
  signal?: AbortSignal;
  onUsage?: (usage: ModelUsage) => void;
}

/** A follow-up about the run's evidence to answer, with the conversation it belongs to. */
export interface AnswerRequest {
  followUp: string;
  /** The reference numbers the follow-up names ("reference 3"): always shown, first. */
  referenced: number[];
  question: string;
  conversation: ConversationReferences;
  /** The report's executive summary, shown to the model as context (null when there is no report). */
  summary: string | null;
  history: HistoryTurn[];
}

/**
 * An answer as it comes: its text in pieces, the reference numbers it may cite (`allowed`: the records it was given),
 * how many records it considered, whether the evidence answered it (null: known once its citations are counted), and
 * the full-text passages it quotes (extractive answers only). A model's answer also carries the evidence it was shown
 * (`context`: its text cites their sentence ids, and each statement is checked against the sentences it cites before
 * it is shown: lib/chat/statement-check).
 */
export interface AnswerSource {
  text: AsyncIterable<string>;
  allowed: Set<number>;
  considered: number;
  answered: boolean | null;
  passages?: ChatAnswerData["passages"];
  context?: AnswerContext;
}

/**
 * The chat's reasoning backend, as research and the claim check have theirs: the reading of a follow-up (evidence or
 * research, its focus) and the answer to one about the run's evidence, with a language model (the follow-up
 * classifier and answer agents) or without (the rules of lib/chat/classify and the extractive answer). Every answer
 * passes the report checks afterwards (lib/chat/answer-checks), whichever backend wrote it.
 */
export interface ChatBackend {
  kind: BackendKind;
  model: string | null;
  classify(input: { followUp: string; question: string }, options: ChatCallOptions): Promise<FollowUpClassification>;
  answer(request: AnswerRequest, options: ChatCallOptions): Promise<AnswerSource>;
  /**
   * The report critic's entailment check of an answer's cited statements, all in one model call (the prompt of
   * lib/grounding/entailment formatCriticPrompt); absent without a model.
   */
  entail?(prompt: string, options: ChatCallOptions): Promise<CriticOutput>;
}

/** Extractive text, handed out a few words at a time so it streams like a model's answer. */
async function* inPieces(text: string): AsyncGenerator<string> {
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) yield piece;
}

/** The chat without a model: the rules read a follow-up, the extractive answer quotes the records. */
export function createExtractiveChatBackend(): ChatBackend {
  return {
    kind: "extractive",
    model: null,
    classify: async ({ followUp }) => ({ ...classifyFollowUp(followUp), decidedBy: "rules" }),
    answer: async (request) => {
      const answer = extractiveAnswer({
        followUp: request.followUp,
        question: request.question,
        referenced: request.referenced,
        conversation: request.conversation,
      });
      return {
        text: inPieces(answer.text),
        allowed: new Set(request.conversation.references.map((r) => r.n)),
        considered: answer.considered,
        answered: answer.answered,
        passages: answer.passages,
      };
    },
  };
}

/**
 * The chat with a language model: the classifier reads a follow-up (classifyWithModel, the rules deciding when it
 * fails), the answer agent streams its answer over the MMR-selected, bounded evidence (buildAnswerContext; it may cite
 * only the records shown). Unless given, the prompt style of the configured server and the sampling configuration
 * sets (lib/ai/agent agentOptions).
 */
export function createLlmChatBackend(model: LanguageModel, modelId: string, given: AgentCallOptions = {}): ChatBackend {
  const options = agentOptions(chatAgents, given);
  const withUsage = (call: ChatCallOptions): AgentCallOptions => ({ ...options, onUsage: call.onUsage });
  return {
    kind: "llm",
    model: modelId,
    classify: (input, call) => classifyWithModel(model, input, { ...withUsage(call), signal: call.signal }),
    answer: async (request, call) => {
      const context = await buildAnswerContext(
        request.followUp,
        request.question,
        request.referenced,
        request.conversation,
      );
      const prompt = answerPrompt({ ...request, context });
      return {
        text: streamAgentText(chatAnswerAgent, model, withUsage(call), { prompt, signal: call.signal }),
        allowed: new Set(context.shown.map((s) => s.n)),
        considered: context.shown.length,
        answered: null,
        context,
      };
    },
    entail: (prompt, call) => callAgent(criticAgent, model, withUsage(call), { prompt, signal: call.signal }),
  };
}

/**
 * The chat backend of a conversation: with `model` null, the extractive one; with a model (tests), the LLM one on it;
 * unset, on the configured model (lib/ai/agent chooseModel), else the extractive one. Each model call is bounded by
 * OPENAI_TIMEOUT_MS.
 */
export function createChatBackend(
  model?: { model: LanguageModel; modelId: string; promptStyle?: PromptStyle } | null,
): ChatBackend {
  if (model === null) return createExtractiveChatBackend();
  const chosen = chooseModel(model ?? {});
  if (!chosen) return createExtractiveChatBackend();
  const promptStyle = model?.promptStyle ?? chosen.options.promptStyle;
  return createLlmChatBackend(chosen.model, chosen.modelId, { ...chosen.options, promptStyle });
}
