import "server-only";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { getDb } from "./client";
import { messagePartsSchema, type ChatUIMessage, type MessageStatus } from "@/lib/domain/chat";
import { AppError } from "@/lib/domain/errors";

/**
 * An answer still marked "streaming" after this long was interrupted (the server stopped mid-answer): it is marked
 * failed and its lock released, so the conversation can go on. 10 minutes: longer than any evidence answer and
 * than a research iteration's search-judge-report cycle on the shared test machine (our measurement: under 2 min).
 */
export const STALE_STREAM_MS = 10 * 60_000;

type MessageRow = { id: string; role: string; parts: unknown; status: string; createdAt: Date };

function toMessage(row: MessageRow): ChatUIMessage {
  return {
    id: row.id,
    role: row.role as ChatUIMessage["role"],
    parts: messagePartsSchema.parse(row.parts) as ChatUIMessage["parts"],
    metadata: { createdAt: row.createdAt.toISOString(), status: row.status as MessageStatus },
  };
}

/** The run's conversation (follow-ups and answers, not the first turn), oldest first. */
export async function listMessages(runId: string): Promise<ChatUIMessage[]> {
  const rows = await getDb().message.findMany({ where: { runId }, orderBy: [{ createdAt: "asc" }, { role: "desc" }] });
  return rows.map(toMessage);
}

/** Why an exchange could not begin: another answer of the run is still streaming (a conflict: 409). */
export class ConversationBusyError extends AppError {
  constructor() {
    super("conflict", "An answer is still being written in this conversation: wait for it to finish, or press Stop.");
    this.name = "ConversationBusyError";
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/**
 * Begins one exchange of a run's conversation in one transaction: marks answers streaming for longer than
 * {@link STALE_STREAM_MS} failed, saves the user's follow-up (unless `user` is null: a regenerated answer keeps its
 * question) and an empty assistant message in status "streaming" that holds the run's streaming lock. The user's
 * message is dated `now`, the answer 1 ms later, so the thread's order is stable.
 * @throws ConversationBusyError when another answer of the run is streaming (nothing is saved then).
 */
export async function beginExchange(input: {
  runId: string;
  user: { id: string; text: string } | null;
  assistantId: string;
  now?: Date;
}): Promise<void> {
  const now = input.now ?? new Date();
  const db = getDb();
  await db.message.updateMany({
    where: { runId: input.runId, status: "streaming", createdAt: { lt: new Date(now.getTime() - STALE_STREAM_MS) } },
    data: { status: "failed", streamingLock: null },
  });
  try {
    await db.$transaction(async (tx) => {
      if (input.user) {
        await tx.message.create({
          data: {
            id: input.user.id,
            runId: input.runId,
            role: "user",
            parts: [{ type: "text", text: input.user.text }],
            createdAt: now,
          },
        });
      }
      await tx.message.create({
        data: {
          id: input.assistantId,
          runId: input.runId,
          role: "assistant",
          parts: [],
          status: "streaming",
          streamingLock: input.runId,
          createdAt: new Date(now.getTime() + 1),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConversationBusyError();
    throw error;
  }
}

/** Ends an answer: saves its final parts and status and releases the run's streaming lock. */
export async function finishAnswer(
  id: string,
  parts: ChatUIMessage["parts"],
  status: Exclude<MessageStatus, "streaming">,
): Promise<void> {
  await getDb().message.update({
    where: { id },
    data: { parts: parts as unknown as Prisma.InputJsonValue, status, streamingLock: null },
  });
}

/**
 * Removes an assistant answer and every later message of the run (regenerating an answer replaces it, as
 * useChat's regenerate drops what follows it).
 * @returns the user message the answer replied to (null when the answer is unknown or follows no user message).
 */
export async function removeAnswerFrom(runId: string, answerId: string): Promise<{ id: string; text: string } | null> {
  const all = await listMessages(runId);
  const question = answeredQuestion(all, answerId);
  if (!question) return null;
  const index = all.findIndex((m) => m.id === answerId);
  await getDb().message.deleteMany({ where: { runId, id: { in: all.slice(index).map((m) => m.id) } } });
  return question;
}

/** The user's question an answer of `messages` (oldest first) answered: its id and text, or null (no such answer). */
export function answeredQuestion(messages: ChatUIMessage[], answerId: string): { id: string; text: string } | null {
  const index = messages.findIndex((m) => m.id === answerId && m.role === "assistant");
  if (index < 1 || messages[index - 1].role !== "user") return null;
  const question = messages[index - 1];
  return { id: question.id, text: question.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("") };
}

/**
 * The conversations of the sidebar: the runs of `ownerId` (a user id, or the browser session with CRITICA_AUTH=off)
 * and, with `withUnowned`, those started from the command line without an owner, as lib/auth/rules.ts historyScope
 * gives them; newest first, at most `limit`, with their message counts.
 */
export async function listConversations(
  ownerId: string | null,
  withUnowned = true,
  limit = 30,
): Promise<Array<{ id: string; question: string; status: string; mode: string; createdAt: Date; messages: number }>> {
  const rows = await getDb().run.findMany({
    where: ownerId
      ? withUnowned
        ? { OR: [{ ownerId }, { ownerId: null }] }
        : { ownerId }
      : withUnowned
        ? { ownerId: null }
        : { id: { in: [] } },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: {
      id: true,
      question: true,
      status: true,
      mode: true,
      createdAt: true,
      _count: { select: { messages: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    question: r.question,
    status: r.status,
    mode: r.mode,
    createdAt: r.createdAt,
    messages: r._count.messages,
  }));
}
