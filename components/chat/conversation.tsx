"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { useAskPaperRegistration } from "./ask-paper";
import { ChatMessage, type ThreadRun } from "./chat-message";
import { MessageComposer } from "./message-composer";
import type { ChatUIMessage } from "@/lib/domain/chat";
import type { ReportRecord } from "@/lib/report/appraise/records";

/** The `{ error }` of an API answer, else the error's own message. */
function errorText(error: Error): string {
  try {
    const body = JSON.parse(error.message) as { error?: unknown };
    if (typeof body.error === "string") return body.error;
  } catch {
    // Not JSON: a network error or a stream error text.
  }
  return error.message;
}

/** The text of a message's text parts. */
function textOf(message: ChatUIMessage): string {
  return message.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("");
}

/**
 * The follow-up part of a run's thread: the saved messages, then the message box. Uses AI SDK UI's
 * useChat with the typed ChatUIMessage parts; each send posts `{ text }` (a regeneration `{ text, regenerate }`) to
 * POST /api/runs/<id>/messages and renders the streamed answer. A refused follow-up (empty, too long, another answer
 * streaming) is taken out of the thread again and its text put back in the box, with the server's message.
 * `readOnly` (a share link) shows the messages without the box; `disabledReason` disables the box (e.g. while the
 * run researches).
 */
export function Conversation({
  run,
  initialMessages,
  records,
  readOnly = false,
  disabledReason = null,
}: {
  run: ThreadRun;
  initialMessages: ChatUIMessage[];
  records: ReportRecord[];
  readOnly?: boolean;
  disabledReason?: string | null;
}) {
  const runId = run.id;
  const router = useRouter();
  const [input, setInput] = useState("");
  const [refused, setRefused] = useState<string | null>(null);
  const lastSent = useRef<string | null>(null);
  // Set when the user sends a question, so the page brings it into view once it is in the thread.
  const asked = useRef(false);
  const transport = useMemo(
    () =>
      new DefaultChatTransport<ChatUIMessage>({
        api: `/api/runs/${runId}/messages`,
        prepareSendMessagesRequest: ({ messages, trigger, messageId }) => {
          const question = messages.findLast((m) => m.role === "user");
          const text = question ? textOf(question) : "";
          return { body: trigger === "regenerate-message" ? { text, regenerate: messageId } : { text } };
        },
      }),
    [runId],
  );
  const { messages, sendMessage, regenerate, stop, status, error, setMessages, clearError } = useChat<ChatUIMessage>({
    id: `chat-${runId}`,
    messages: initialMessages,
    transport,
    onFinish: ({ message }) => {
      // A research follow-up changed the run (new iteration, report version): show the server's view of it.
      if (message.parts.some((p) => p.type === "data-research-iteration")) router.refresh();
    },
  });
  const busy = status === "submitted" || status === "streaming";

  useEffect(() => {
    if (!error) return;
    const sent = lastSent.current;
    const last = messages.at(-1);
    // The follow-up was refused before any answer began: nothing of it was saved, so give the text back.
    if (sent !== null && last?.role === "user" && textOf(last) === sent) {
      setMessages(messages.slice(0, -1));
      setInput(sent);
    }
    lastSent.current = null;
    setRefused(errorText(error));
    clearError();
  }, [error, messages, setMessages, clearError]);

  const send = (text: string) => {
    setRefused(null);
    lastSent.current = text;
    setInput("");
    void sendMessage({ text });
    asked.current = true;
  };

  // The question just sent is brought to the top of the screen, its answer growing below it, above the sticky
  // message box.
  const userCount = messages.filter((m) => m.role === "user").length;
  useEffect(() => {
    if (!asked.current) return;
    asked.current = false;
    const questions = document.querySelectorAll<HTMLElement>('[data-testid="chat-user-message"]');
    questions[questions.length - 1]?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [userCount]);

  // "Ask this paper" on a record of the report: its reference goes into the box, the user's question follows it.
  const [focusRequest, setFocusRequest] = useState(0);
  const registerAsk = useAskPaperRegistration();
  const accepting = !readOnly && disabledReason === null;
  useEffect(() => {
    if (!registerAsk || !accepting) return;
    return registerAsk((n) => {
      setInput(`Reference [${n}]: `);
      setFocusRequest((k) => k + 1);
    });
  }, [registerAsk, accepting]);

  // Room below the last answer once there are follow-ups, so the question just asked can scroll to the top of the
  // screen and the sticky message box never covers it or its answer.
  const room = !readOnly && messages.length > 0;
  return (
    <section
      aria-label="Follow-up conversation"
      className={`space-y-4 ${room ? "pb-[40vh]" : ""}`}
      data-testid="conversation"
    >
      {messages.map((m, i) => (
        <ChatMessage
          key={m.id}
          message={m}
          records={records}
          run={run}
          streaming={busy && i === messages.length - 1 && m.role === "assistant"}
          onRegenerate={
            !readOnly && m.role === "assistant" && !busy ? () => void regenerate({ messageId: m.id }) : undefined
          }
        />
      ))}
      {refused && (
        <p
          role="alert"
          className="rounded-md bg-danger-soft px-3 py-2 text-sm text-danger"
          data-testid="follow-up-error"
        >
          {refused}
        </p>
      )}
      {!readOnly && (
        <MessageComposer
          value={input}
          onChange={setInput}
          onSend={send}
          onStop={() => void stop()}
          busy={busy}
          disabledReason={disabledReason}
          focusRequest={focusRequest}
        />
      )}
    </section>
  );
}
