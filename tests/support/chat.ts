import type { UIMessageChunk } from "ai";
import type { ChatAnswerData, ChatDataParts, ChatMetadata, FollowUpClassification } from "@/lib/domain/chat";

type Chunk = UIMessageChunk<ChatMetadata, ChatDataParts>;

/**
 * What one streamed answer carried: its chunks in order, the message id, the kind, the text, the final answer facts,
 * errors.
 */
export interface ReadAnswer {
  chunks: Chunk[];
  messageId: string | undefined;
  kind: FollowUpClassification | undefined;
  text: string;
  answer: ChatAnswerData | undefined;
  errors: string[];
  textDeltas: number;
}

/** Reads a UI message stream of one answer to its end. */
export async function readAnswer(stream: ReadableStream<Chunk>): Promise<ReadAnswer> {
  const chunks: Chunk[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  // The last chunk of a type: a data part written again under the same id replaces the earlier one.
  const find = <T extends Chunk["type"]>(type: T) =>
    chunks.findLast((c) => c.type === type) as Extract<Chunk, { type: T }> | undefined;
  const deltas = chunks.filter((c): c is Extract<Chunk, { type: "text-delta" }> => c.type === "text-delta");
  return {
    chunks,
    messageId: find("start")?.messageId,
    kind: find("data-follow-up-kind")?.data,
    text: deltas.map((c) => c.delta).join(""),
    answer: find("data-chat-answer")?.data,
    errors: chunks.flatMap((c) => (c.type === "error" ? [c.errorText] : [])),
    textDeltas: deltas.length,
  };
}
