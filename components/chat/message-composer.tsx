"use client";

import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { MAX_FOLLOW_UP_CHARS } from "@/lib/domain/chat";

/**
 * The message box at the bottom of the thread, labelled "Ask a follow-up": Enter sends, Shift+Enter makes a new
 * line; while an answer streams the Send button becomes Stop. Empty or over-long text is refused here with a clear
 * message (the server checks again), and the text stays in the box.
 */
export function MessageComposer({
  value,
  onChange,
  onSend,
  onStop,
  busy,
  disabledReason,
  focusRequest = 0,
}: {
  value: string;
  onChange: (text: string) => void;
  onSend: (text: string) => void;
  onStop: () => void;
  busy: boolean;
  disabledReason: string | null;
  /** Each new value moves the focus into the box, caret at the end ("Ask this paper" filled it in). */
  focusRequest?: number;
}) {
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!focusRequest || !el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, [focusRequest]);
  const [problem, setProblem] = useState<string | null>(null);
  const tooLong = value.length > MAX_FOLLOW_UP_CHARS;

  const send = () => {
    const text = value.trim();
    if (!text) return setProblem("Write a follow-up question.");
    if (text.length > MAX_FOLLOW_UP_CHARS)
      return setProblem(`A follow-up can be at most ${MAX_FOLLOW_UP_CHARS.toLocaleString("en")} characters.`);
    setProblem(null);
    onSend(text);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) onStop();
    else send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!busy) send();
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      className="no-print sticky bottom-0 space-y-1 border-t border-border bg-background pb-2 pt-3"
      data-testid="message-composer"
    >
      <label htmlFor={id} className="text-sm font-medium">
        Ask a follow-up
      </label>
      <div className="flex items-end gap-2">
        <textarea
          ref={box}
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          disabled={disabledReason !== null}
          aria-describedby={`${id}-hint`}
          aria-invalid={problem !== null || tooLong}
          placeholder="e.g. Which of these studies were in humans?  ·  Look deeper into the mechanism"
          className={
            "min-h-[2.75rem] flex-1 resize-y rounded-md border border-border bg-card px-3 py-2 text-sm " +
            "focus-visible:outline-2 focus-visible:outline-accent"
          }
        />
        {busy ? (
          <Button type="submit" variant="danger" data-testid="stop">
            Stop
          </Button>
        ) : (
          <Button type="submit" disabled={disabledReason !== null} data-testid="send">
            Send
          </Button>
        )}
      </div>
      <p
        id={`${id}-hint`}
        className={`text-xs ${problem || tooLong ? "text-danger" : "text-muted-foreground"}`}
        role={problem ? "alert" : undefined}
      >
        {disabledReason ??
          problem ??
          (tooLong
            ? `${value.length.toLocaleString("en")} of ${MAX_FOLLOW_UP_CHARS.toLocaleString("en")} characters: ` +
              `shorten it to send.`
            : "Enter sends, Shift+Enter starts a new line. Answers come from this run's evidence, with citations.")}
      </p>
    </form>
  );
}
