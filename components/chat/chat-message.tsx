"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ReportDocument } from "@/components/run/report-document";
import { AnswerChecksNote } from "./answer-checks-note";
import { FollowUpKind } from "./follow-up-kind";
import { ResearchAnswer } from "./research-answer";
import type { ChatAnswerData, ChatUIMessage } from "@/lib/domain/chat";
import type { RunEvent } from "@/lib/domain/events";
import type { ReportRecord } from "@/lib/report/appraise/records";

type Part = ChatUIMessage["parts"][number];
type Renderers = { [K in Part["type"]]?: (part: Extract<Part, { type: K }>, context: PartContext) => ReactNode };

/**
 * What a part renderer needs besides its part: its message, the answer's facts (references), the run's records and
 * events.
 */
interface PartContext {
  message: ChatUIMessage;
  answer: ChatAnswerData | null;
  records: ReportRecord[];
  role: ChatUIMessage["role"];
  run: ThreadRun;
  streaming: boolean;
}

/**
 * The run a thread belongs to, as the messages need it: its id, saved events, whether the viewer may cancel it, its
 * own iteration count (a follow-up's iterations come after it) and the address of a report version without its number.
 */
export interface ThreadRun {
  id: string;
  events: RunEvent[];
  canCancel: boolean;
  maxIterations: number;
  reportHref: string;
}

/** One small renderer per part type (parts without one are not shown: e.g. step markers). */
const RENDERERS: Renderers = {
  "data-follow-up-kind": (part) => <FollowUpKind data={part.data} />,
  text: (part, { answer, records, role }) =>
    role === "user" ? (
      <p className="whitespace-pre-wrap">{part.text}</p>
    ) : (
      <ReportDocument markdown={part.text} references={answer?.references ?? []} records={records} />
    ),
  // The model's draft while its statements are checked; emptied when the checked answer replaces it.
  "data-answer-draft": (part) =>
    part.data.text ? (
      <div data-testid="chat-answer-draft" className="space-y-1 text-muted-foreground">
        <p className="text-xs font-medium">Draft: checking each statement against the records it cites…</p>
        <p className="whitespace-pre-wrap">{part.data.text}</p>
      </div>
    ) : null,
  "data-chat-answer": (part) => <AnswerChecksNote data={part.data} />,
  "data-research-iteration": (part, { message, run, streaming }) => (
    <ResearchAnswer
      data={part.data}
      message={message}
      runEvents={run.events}
      streaming={streaming}
      canCancel={run.canCancel}
      runId={run.id}
      maxIterations={run.maxIterations}
      reportHref={run.reportHref}
    />
  ),
};

function renderPart(part: Part, context: PartContext): ReactNode {
  const render = RENDERERS[part.type] as ((p: Part, c: PartContext) => ReactNode) | undefined;
  return render ? render(part, context) : null;
}

const STATUS_NOTES = {
  stopped: "Stopped: the answer ends where you pressed Stop.",
  failed: "This answer failed: press Regenerate to try again.",
} as const;

/**
 * One message of the conversation: the user's follow-up as a bubble, or an answer with its parts (kind, text with
 * hover-card citations, checks), a note when it was stopped or failed, and a Regenerate button.
 */
export function ChatMessage({
  message,
  records,
  run,
  streaming,
  onRegenerate,
}: {
  message: ChatUIMessage;
  records: ReportRecord[];
  run: ThreadRun;
  streaming: boolean;
  onRegenerate?: () => void;
}) {
  const answer = message.parts.find((p) => p.type === "data-chat-answer")?.data ?? null;
  const context: PartContext = { message, answer, records, role: message.role, run, streaming };
  // A research answer starts a new iteration: regenerating it would research again, so it has no Regenerate button.
  const research = message.parts.some((p) => p.type === "data-research-iteration");
  const status = message.metadata?.status;
  if (message.role === "user") {
    return (
      <div className="flex scroll-mt-4 justify-end" data-testid="chat-user-message">
        <div className="max-w-[85%] rounded-lg bg-accent-soft px-4 py-2 text-foreground">
          {message.parts.map((p, i) => (
            <div key={i}>{renderPart(p, context)}</div>
          ))}
        </div>
      </div>
    );
  }
  return (
    <article
      className="space-y-2 rounded-lg border border-border bg-card p-4"
      data-testid="chat-answer"
      aria-busy={streaming}
    >
      {message.parts.map((p, i) => (
        <div key={i}>{renderPart(p, context)}</div>
      ))}
      {streaming && !research && !message.parts.some((p) => p.type === "text" && p.text) && (
        <p className="text-sm text-muted-foreground">Reading the evidence…</p>
      )}
      {!streaming && (status === "stopped" || status === "failed") && (
        <p className="text-sm text-warning">{STATUS_NOTES[status]}</p>
      )}
      {onRegenerate && !streaming && !research && (
        <div className="no-print">
          <Button variant="secondary" onClick={onRegenerate} data-testid="regenerate">
            Regenerate
          </Button>
        </div>
      )}
    </article>
  );
}
