import type {
  ChatAnswerData,
  ChatUIMessage,
  FollowUpClassification,
  ReportChanges,
  ResearchIterationData,
} from "@/lib/domain/chat";
import type { RunEvent } from "@/lib/domain/events";
import type { Reference } from "@/lib/domain/report";
import { escapeProse, formatReference } from "@/lib/report/render/markdown";
import { iterationEvents, reportChanges, reportVersions } from "./report-versions";

/** One follow-up and its answer, as exports carry them (JSON `followUps`, and the Markdown appendix). */
export interface FollowUpExport {
  question: string;
  askedAt: string | null;
  kind: FollowUpClassification["kind"] | null;
  reason: string | null;
  status: string;
  /** Evidence answers: the text with [n] markers, the references they cite, and the checks. */
  answer: string | null;
  references: Reference[];
  checks: ChatAnswerData["checks"] | null;
  /** Research follow-ups: the iteration, its queries, how it ended, and the report version it wrote. */
  research: {
    iteration: number;
    queries: string[];
    status: string | null;
    reportVersion: number | null;
    changes: ReportChanges | null;
  } | null;
}

function part<T extends ChatUIMessage["parts"][number]["type"]>(message: ChatUIMessage | undefined, type: T) {
  return message?.parts.find((p) => p.type === type) as
    Extract<ChatUIMessage["parts"][number], { type: T }> | undefined;
}

/** The research outcome of an iteration started at `data.fromSeq`, from the run's events. */
function researchOutcome(data: ResearchIterationData, events: RunEvent[]): NonNullable<FollowUpExport["research"]> {
  const { events: own, finished } = iterationEvents(events, data.fromSeq);
  const end = own.findLast((e) => e.type === "run-finished");
  const versions = reportVersions(events.filter((e) => e.seq <= (end?.seq ?? Infinity)));
  const latest = versions.at(-1);
  const version = finished && latest && latest.seq > data.fromSeq ? latest : null;
  const previous = version ? versions[version.version - 2] : undefined;
  return {
    iteration: data.iteration,
    queries: data.queries,
    status: end?.type === "run-finished" ? end.data.status : null,
    reportVersion: version?.version ?? null,
    changes: version && previous ? reportChanges(previous, version, events) : null,
  };
}

/**
 * The run's follow-ups for exports (Markdown and JSON carry them as an appendix, so an export holds the whole
 * conversation): each user message with the answer after it — its kind, text, cited references and checks, or for a
 * research follow-up the iteration and the report version it produced (read from the run's `events`).
 */
export function followUpsForExport(messages: ChatUIMessage[], events: RunEvent[]): FollowUpExport[] {
  const out: FollowUpExport[] = [];
  messages.forEach((m, i) => {
    if (m.role !== "user") return;
    const reply = messages[i + 1]?.role === "assistant" ? messages[i + 1] : undefined;
    const kind = part(reply, "data-follow-up-kind")?.data ?? null;
    const answer = part(reply, "data-chat-answer")?.data ?? null;
    const iteration = part(reply, "data-research-iteration")?.data ?? null;
    const text = reply?.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("") ?? "";
    out.push({
      question: m.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join(""),
      askedAt: m.metadata?.createdAt ?? null,
      kind: kind?.kind ?? null,
      reason: kind?.reason ?? null,
      status: reply?.metadata?.status ?? "unanswered",
      answer: iteration ? null : text || null,
      references: answer?.references ?? [],
      checks: answer?.checks ?? null,
      research: iteration ? researchOutcome(iteration, events) : null,
    });
  });
  return out;
}

/** The Markdown appendix of the follow-ups ("" when there are none), to follow the report in the Markdown export. */
export function followUpsMarkdown(followUps: FollowUpExport[]): string {
  if (followUps.length === 0) return "";
  const sections = followUps.map((f, i) => {
    const lines = [`### ${i + 1}. ${escapeProse(f.question.replace(/\s+/g, " ").trim())}`, ""];
    const kind =
      f.kind === "research"
        ? "Request for more research"
        : f.kind === "evidence"
          ? "Question about the evidence"
          : "Unanswered";
    lines.push(
      `*${kind}${f.reason ? ` (${f.reason})` : ""}` +
        `${f.askedAt ? ` · asked ${f.askedAt.slice(0, 16).replace("T", " ")} UTC` : ""}` +
        `${f.status !== "complete" ? ` · ${f.status}` : ""}*`,
      "",
    );
    if (f.research) {
      const r = f.research;
      lines.push(
        `Iteration ${r.iteration} searched ` +
          `${r.queries.map((q) => `“${q}”`).join(" and ")}${r.status ? ` and ended ${r.status}` : ""}.`,
      );
      const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
      if (r.reportVersion)
        lines.push(
          `It wrote report ` +
            `v${r.reportVersion}` +
            (r.changes
              ? `: ${count(r.changes.newRecords, "new record", "new records")}, ` +
                `${count(r.changes.referencesAdded.length, "reference", "references")} added, ` +
                `${r.changes.referencesRemoved.length} removed, ` +
                `${count(r.changes.hypotheses.length, "hypothesis", "hypotheses")} changed support, ` +
                `confidence ${Math.round(r.changes.confidenceBefore * 100)}% → ` +
                `${Math.round(r.changes.confidenceAfter * 100)}%`
              : "") +
            `.`,
        );
      lines.push("");
    }
    if (f.answer) lines.push(f.answer, "");
    if (f.references.length > 0)
      lines.push("References of this answer:", "", ...f.references.map((r) => `${r.n}. ${formatReference(r)}`), "");
    const removedStatements = f.checks?.removedStatements ?? 0;
    if (removedStatements > 0)
      lines.push(
        `*${removedStatements} ${removedStatements === 1 ? "statement" : "statements"} removed: not supported by ` +
          `the cited record${removedStatements === 1 ? "" : "s"}.*`,
        "",
      );
    if (f.checks?.status === "unverified")
      lines.push(`*Unverified: ${f.checks.uncitedSentences.length} sentences carry no citation.*`, "");
    return lines.join("\n").trimEnd();
  });
  return ["## Appendix: follow-up questions", "", ...sections.flatMap((s) => [s, ""])].join("\n").trimEnd() + "\n";
}
