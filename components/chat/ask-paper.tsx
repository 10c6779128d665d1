"use client";

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

interface AskPaperState {
  /** Conversation numbers by evidence id ("Reference [n]" in a follow-up means this record). */
  numbers: Readonly<Record<string, number>>;
  /** Whether a message box takes questions now (one is registered). */
  open: boolean;
  /** The message box registers what a click does; returns its unregistering. */
  register: (onAsk: (n: number) => void) => () => void;
  ask: (n: number) => void;
}

const AskPaperContext = createContext<AskPaperState | null>(null);

/**
 * Lets the report's records (the evidence table's rows, the citation cards) hand a question about one paper to the
 * page's follow-up box: the report and the conversation are siblings on the run's page. `numbers` are the
 * conversation's numbers of the run's records (lib/chat/references conversationReferences), which a follow-up names
 * as "Reference [n]" and the chat answers from that paper alone (lib/chat/extractive-answer).
 */
export function AskPaperProvider({ numbers, children }: { numbers: Record<string, number>; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const handler = useRef<((n: number) => void) | null>(null);
  const register = useCallback((onAsk: (n: number) => void) => {
    handler.current = onAsk;
    setOpen(true);
    return () => {
      if (handler.current === onAsk) handler.current = null;
      setOpen(false);
    };
  }, []);
  const ask = useCallback((n: number) => handler.current?.(n), []);
  const value = useMemo(() => ({ numbers, open, register, ask }), [numbers, open, register, ask]);
  return <AskPaperContext.Provider value={value}>{children}</AskPaperContext.Provider>;
}

/** For the conversation: registers what "Ask this paper" does while its box takes questions (null: no provider). */
export function useAskPaperRegistration(): AskPaperState["register"] | null {
  return useContext(AskPaperContext)?.register ?? null;
}

/**
 * "Ask this paper": puts "Reference [n]: " in the follow-up box and moves the focus there, so the next question is
 * asked of this record only. Renders nothing where no box takes questions (a shared copy, a running run, a reader
 * who may not post) or for a record the conversation does not number (a retracted one).
 */
export function AskPaperButton({
  recordId,
  focusable = true,
  className = "",
}: {
  recordId: string;
  focusable?: boolean;
  className?: string;
}) {
  const state = useContext(AskPaperContext);
  const n = state?.numbers[recordId];
  if (!state?.open || n === undefined) return null;
  return (
    <button
      type="button"
      tabIndex={focusable ? undefined : -1}
      className={`text-accent underline underline-offset-2 ${className}`}
      data-testid="ask-paper"
      onClick={() => state.ask(n)}
    >
      Ask this paper
    </button>
  );
}
