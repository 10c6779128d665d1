import crypto from "node:crypto";
import { createUIMessageStream, type LanguageModel, type UIMessageChunk } from "ai";
import type { PromptStyle } from "@/lib/ai/structured";
import type { ModelUsage } from "@/lib/domain/agent";
import { AppError } from "@/lib/domain/errors";
import { answeredQuestion, beginExchange, finishAnswer, listMessages, removeAnswerFrom } from "@/lib/db/messages";
import { getRun, getRunEvidence, listRunEvents, type RunSummary } from "@/lib/db/runs";
import {
  followUpRequestSchema,
  type ChatDataParts,
  type ChatMetadata,
  type ChatUIMessage,
  type FollowUpClassification,
  type MessageStatus,
} from "@/lib/domain/chat";
import { eventToDataPart } from "@/lib/runs/event-parts";
import type { FollowUps, ModeDescription } from "@/lib/runs/mode";
import type { ReasoningBackend } from "@/lib/research/backend";
import { createChatBackend, type ChatBackend } from "./backend";
import { writeEvidenceAnswer } from "./evidence-answer";
import type { HistoryTurn } from "./llm-answer";
import { conversationReferences } from "./references";
import { readFullTexts } from "@/lib/db/full-texts";
import { reportChanges, reportVersions } from "./report-versions";
import { startFollowUpIteration } from "./research-follow-up";
import { recordChatUsage } from "./usage";

type Chunk = UIMessageChunk<ChatMetadata, ChatDataParts>;
type Part = ChatUIMessage["parts"][number];

/** Why a research follow-up may not start now: the caller's run limits (lib/auth/limits.ts), as a 429 says it. */
export interface FollowUpRefusal {
  error: string;
  retryAfterSeconds?: number;
}

/**
 * Options of {@link postFollowUp}: the run's mode (what a follow-up asking for more research does, and what a user
 * calls the run: RunMode.followUps and label), an injected model for evidence answers (tests; null forces the
 * extractive backend), an injected reasoning backend for research iterations (tests), the request's abort signal, and
 * `admitResearch`, which counts a research follow-up against the caller's run limits (a research iteration is a run:
 * per minute, per day and at once) and says when it is refused.
 */
export interface PostFollowUpOptions {
  mode: Pick<ModeDescription, "label"> & { followUps: FollowUps };
  model?: { model: LanguageModel; modelId: string; promptStyle?: PromptStyle } | null;
  researchBackend?: ReasoningBackend;
  signal?: AbortSignal;
  admitResearch?: () => Promise<FollowUpRefusal | null>;
}

/** The text of a stored message's text parts. */
export function messageText(message: ChatUIMessage): string {
  return message.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
}

/** Checks the request body; throws AppError "invalid-input" with the first problem's message. */
function parseBody(body: unknown) {
  const parsed = followUpRequestSchema.safeParse(body);
  if (!parsed.success) throw new AppError("invalid-input", parsed.error.issues[0]?.message ?? "Invalid follow-up.");
  return parsed.data;
}

/**
 * Accepts a follow-up in a run's conversation and answers it as an AI SDK UI message stream:
 * 1. the body `{ text, regenerate? }` is checked (1–2,000 characters; AppError "invalid-input" otherwise);
 * 2. the run must exist (404) and have ended (409 while it researches);
 * 3. the backend reads the follow-up (its classification); one that starts a research iteration must be admitted by
 *    `admitResearch` (AppError "rate-limited", 429 with its Retry-After, when a run limit is reached: nothing saved);
 * 4. with `regenerate` (an answer's id), that answer and everything after it are removed and its question is
 *    answered again; otherwise the follow-up is saved as a user message;
 * 5. an assistant message is saved in status "streaming" holding the run's streaming lock (409 when another answer
 *    streams: the follow-up is not saved, the user keeps their text);
 * 6. the stream carries `start` (the saved answer's id), a `data-follow-up-kind` part (the backend's reading,
 *    shown to the user), the checked answer text, and a `data-chat-answer` part (references, checks);
 * 7. when the stream ends — finished, stopped by the client (abort) or failed — the answer is saved with its parts
 *    and status and the lock released.
 * Access (who may read or post) is checked by the caller (app/_server/conversation-access.ts).
 */
export async function postFollowUp(
  run: RunSummary,
  body: unknown,
  options: PostFollowUpOptions,
): Promise<ReadableStream<Chunk>> {
  const request = parseBody(body);
  if (run.status === "running" || run.status === "queued")
    throw new AppError("conflict", "The run is still researching: ask your follow-up once it has finished.");
  const history = await listMessages(run.id);
  if (
    history.some(
      (m) => m.metadata?.status === "streaming" && Date.now() - Date.parse(m.metadata.createdAt) < 10 * 60_000,
    )
  ) {
    throw new AppError(
      "conflict",
      "An answer is still being written in this conversation: wait for it to finish, or press Stop.",
    );
  }
  const regenerated = request.regenerate ? answeredQuestion(history, request.regenerate) : null;
  if (request.regenerate && !regenerated)
    throw new AppError("not-found", "That answer is not in this conversation any more: reload the page.");
  const text = regenerated?.text ?? request.text;
  const read = await readAndAdmit(text, run, options);
  const user = regenerated ? null : { id: crypto.randomUUID(), text };
  if (request.regenerate && !(await removeAnswerFrom(run.id, request.regenerate)))
    throw new AppError("not-found", "That answer is not in this conversation any more: reload the page.");
  const assistantId = crypto.randomUUID();
  // Another answer streaming meanwhile: ConversationBusyError, a conflict (409) with its message.
  await beginExchange({ runId: run.id, user, assistantId });
  const earlier = (await listMessages(run.id)).filter((m) => m.id !== assistantId && m.id !== user?.id);
  return answerStream(run, text, assistantId, earlier, options, read);
}

/** A follow-up as the backend read it, before its answer streams: the backend, its usage so far, the reading. */
interface ReadFollowUp {
  backend: ChatBackend;
  usages: ModelUsage[];
  classification: FollowUpClassification;
}

/**
 * Reads the follow-up (readFollowUp) and, when it starts a research iteration, has it admitted by the run limits
 * (`admitResearch`). @throws AppError "rate-limited" (429 with its Retry-After) when refused; the classification's
 * model usage is saved then (it was spent).
 */
async function readAndAdmit(text: string, run: RunSummary, options: PostFollowUpOptions): Promise<ReadFollowUp> {
  const backend = createChatBackend(options.model);
  const usages: ModelUsage[] = [];
  const classification = await readFollowUp(text, run, backend, options, (u) => usages.push(u));
  const refusal = classification.kind === "research" ? await options.admitResearch?.() : null;
  if (refusal) {
    await saveUsage(run.id, usages, backend.model);
    throw new AppError("rate-limited", refusal.error, { retryAfterSeconds: refusal.retryAfterSeconds });
  }
  return { backend, usages, classification };
}

/** The UI message stream of one answer; saves the answer when the stream ends, whatever the outcome. */
function answerStream(
  run: RunSummary,
  text: string,
  assistantId: string,
  earlier: ChatUIMessage[],
  options: PostFollowUpOptions,
  { backend, usages, classification }: ReadFollowUp,
): ReadableStream<Chunk> {
  const parts: Part[] = [];
  const createdAt = new Date().toISOString();
  return createUIMessageStream<ChatUIMessage>({
    execute: async ({ writer }) => {
      let status: Exclude<MessageStatus, "streaming"> = "complete";
      // A research answer is saved as soon as its iteration has started (the iteration runs apart from the request).
      let saved = false;
      // The model calls of this answer (classification, answer) are in `usages`, added to the run's cost.
      const write = (chunk: Chunk) => {
        try {
          writer.write(chunk);
        } catch {
          // The client went away (Stop, closed tab): the answer is still saved below.
        }
      };
      try {
        write({ type: "start", messageId: assistantId, messageMetadata: { createdAt, status: "streaming" } });
        // Saved before a research iteration starts: its recorder continues after the run's last event.
        await saveUsage(run.id, usages.splice(0), backend.model);
        parts.push({ type: "data-follow-up-kind", id: "kind", data: classification });
        write({ type: "data-follow-up-kind", id: "kind", data: classification });
        if (classification.kind === "research") {
          await followResearch(run, text, classification, parts, write, options, () =>
            finishAnswer(assistantId, parts, "complete"),
          );
          saved = true;
          return;
        }
        const [evidence, events] = await Promise.all([getRunEvidence(run.id), listRunEvents(run.id)]);
        const report = events.findLast((e) => e.type === "report")?.data.report ?? null;
        const conversation = {
          ...conversationReferences(evidence, report?.references ?? []),
          // Answers read the full texts the run read (shared ones and its owner's papers).
          fullTexts: await readFullTexts(
            evidence.map((e) => e.id),
            run.ownerId,
          ),
        };
        const textPart = { type: "text" as const, text: "", state: "streaming" as const };
        parts.push(textPart);
        write({ type: "text-start", id: "answer" });
        const answer = await writeEvidenceAnswer(
          {
            followUp: text,
            classification,
            question: run.question,
            conversation,
            summary: report?.executiveSummary ?? null,
            history: toHistory(earlier),
            backend,
            signal: options.signal,
            onUsage: (u) => usages.push(u),
            // The model's unchecked draft, shown while it is checked: written to the stream only, never to `parts`.
            onDraft: (draft) => write({ type: "data-answer-draft", id: "draft", data: { text: draft } }),
          },
          (delta, progress) => {
            textPart.text += delta;
            write({ type: "text-delta", id: "answer", delta });
            // The references cited so far, under the final part's id: the client updates that part in place.
            if (progress) write({ type: "data-chat-answer", id: "answer", data: progress });
          },
        );
        Object.assign(textPart, { state: "done" });
        write({ type: "text-end", id: "answer" });
        parts.push({ type: "data-chat-answer", id: "answer", data: answer });
        write({ type: "data-chat-answer", id: "answer", data: answer });
        if (options.signal?.aborted) status = "stopped";
      } catch (error) {
        status = options.signal?.aborted ? "stopped" : "failed";
        if (status === "failed") write({ type: "error", errorText: answerErrorMessage(error) });
      } finally {
        await saveUsage(run.id, usages, backend.model);
        if (!saved) await finishAnswer(assistantId, parts, status);
        write({ type: "finish", messageMetadata: { createdAt, status } });
      }
    },
  });
}

/**
 * Adds an answer's model calls to the run's cost; a failure to save them is logged, never lost silently nor fatal to
 * the answer.
 */
async function saveUsage(runId: string, usages: ModelUsage[], modelId: string | null): Promise<void> {
  await recordChatUsage(runId, usages, modelId).catch((error: unknown) =>
    console.error(`follow-up usage of run ${runId} could not be saved:`, error),
  );
}

/**
 * The backend's reading of a follow-up: with a language model, the model's (classifyWithModel: one small structured
 * call, the rules deciding when it fails); without one, the rules' (classifyFollowUp). A run whose mode does not
 * research further (a claim check) answers its follow-ups from its evidence.
 */
async function readFollowUp(
  text: string,
  run: RunSummary,
  backend: ChatBackend,
  options: PostFollowUpOptions,
  onUsage: (usage: ModelUsage) => void,
): Promise<FollowUpClassification> {
  const classification = await backend.classify(
    { followUp: text, question: run.question },
    { signal: options.signal, onUsage },
  );
  if (classification.kind === "research" && options.mode.followUps === "evidence") {
    return {
      ...classification,
      kind: "evidence",
      reason: `${classification.reason}; a ${options.mode.label} answers follow-ups from the evidence it found`,
    };
  }
  return classification;
}

/**
 * How often a research answer looks for the iteration's new events (ms), and how long without news it re-reads the run.
 */
const FOLLOW_POLL_MS = 250;
const FOLLOW_STALE_MS = 5_000;

/**
 * A research follow-up's answer: starts a new iteration of the run (lib/chat/research-follow-up), saves the answer
 * with its `data-research-iteration` part (`save`, which also releases the conversation's lock), then streams the
 * iteration's events as they are saved (the run's own `data-<event type>` parts, as GET /api/runs/<id>/stream) until
 * its run-finished, and ends with a `data-report-version` part: the new report version and what changed. When the
 * client goes away the iteration goes on; the thread then reads it from the run's events.
 */
async function followResearch(
  run: RunSummary,
  text: string,
  classification: FollowUpClassification,
  parts: Part[],
  write: (chunk: Chunk) => void,
  options: PostFollowUpOptions,
  save: () => Promise<void>,
): Promise<void> {
  const { signal } = options;
  const started = await startFollowUpIteration(run, text, classification, options.researchBackend);
  const iteration = {
    type: "data-research-iteration" as const,
    id: "iteration",
    data: { iteration: started.iteration, fromSeq: started.fromSeq, queries: started.queries },
  };
  parts.push(iteration);
  write(iteration);
  await save();
  let after = started.fromSeq;
  let lastNews = Date.now();
  let finished = false;
  while (!signal?.aborted && !finished) {
    const events = await listRunEvents(run.id, after);
    for (const event of events) {
      write(eventToDataPart(event) as unknown as Chunk);
      after = event.seq;
      finished ||= event.type === "run-finished";
    }
    if (events.length > 0) lastNews = Date.now();
    else if (Date.now() - lastNews > FOLLOW_STALE_MS) {
      const current = await getRun(run.id);
      if (!current || (current.status !== "running" && current.status !== "queued")) break;
      lastNews = Date.now();
    }
    if (!finished) await new Promise((resolve) => setTimeout(resolve, FOLLOW_POLL_MS));
  }
  if (!finished) return;
  const all = await listRunEvents(run.id);
  const versions = reportVersions(all);
  const latest = versions.at(-1);
  if (!latest || latest.seq <= started.fromSeq) return;
  const previous = versions.at(-2);
  const version = {
    type: "data-report-version" as const,
    id: "version",
    data: { version: latest.version, changes: previous ? reportChanges(previous, latest, all) : null },
  };
  parts.push(version);
  write(version);
  await save();
}

/** The user-facing message of a failed answer. */
function answerErrorMessage(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    `The answer could not be written (${detail.slice(0, 200)}). Your question is saved: press Regenerate to try ` +
    `again.`
  );
}

/** Earlier turns as plain text for the model (answers without their data parts). */
function toHistory(messages: ChatUIMessage[]): HistoryTurn[] {
  return messages.flatMap((m) => {
    const text = messageText(m);
    return text && (m.role === "user" || m.role === "assistant") ? [{ role: m.role, text }] : [];
  });
}
