import type { EntailmentVerdict } from "@/lib/domain/critic";
import type { ReasoningBackend } from "./backend";
import type { ReportInput } from "./backend";
import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import { runDeterministicChecks } from "@/lib/report/appraise/critic-checks";
import { type DeterministicCheck, type ReportRepair } from "@/lib/domain/critic";
import { describeRemovedQuote, verifyReportQuotes } from "@/lib/grounding/quotes";
import { validateReportCitations } from "@/lib/report/appraise/validate-citations";
import { numbersToKeys } from "@/lib/grounding/numbers-to-keys";
import { withPublishedSupport } from "@/lib/report/appraise/support";
import { extractiveReportOf } from "./trusted-report";
import { citationKeys } from "@/lib/evidence/identity";
import { ProviderFailureError, type AgentRunner } from "@/lib/runs/agent-runner";
import type { EmitEvent } from "@/lib/domain/events";
import type { RunPartial } from "@/lib/domain/partial";

/**
 * Revisions the report agent gets after a FAIL verdict: 2, the seed critic node's MAX_CRITIC_ATTEMPTS (Reflexion,
 * Shinn et al. 2023). After them the report is published with the "unverified" flag (the safe fallback).
 */
export const MAX_CRITIC_RETRIES = 2;

/** Most lines listed in a verification's failed checks and in the feedback to the report agent. */
export const MAX_LISTED_ISSUES = 20;

/**
 * Most characters of one feedback line sent back to the report agent (the line shown to readers is kept whole):
 * 240, so the 21 lines of the longest feedback add ≈ 1.3k tokens to the revision's prompt and it stays inside a
 * 16k context with the report's output limit (tests/unit/ai/prompt-budgets.test.ts).
 */
export const FEEDBACK_LINE_CHARS = 240;

/** Input of {@link writeCheckedReport}: the report agent's input (without feedback and hooks) and the run's parts. */
export interface CriticLoopInput {
  reportInput: Omit<ReportInput, "feedback" | "hooks">;
  evidence: Evidence[];
  runner: AgentRunner<ReasoningBackend>;
  emit: EmitEvent;
  /** Shows live viewers each draft as it streams (see RunRecorder.partial); never saved. */
  partial?: (partial: RunPartial) => void;
  signal?: AbortSignal;
}

/**
 * One line per problem: failed deterministic checks first, then the entailment check's issues, at most {@link
 * MAX_LISTED_ISSUES}.
 */
export function failedCheckLines(checks: DeterministicCheck[], entailment: EntailmentVerdict | null): string[] {
  const lines = [
    ...checks.filter((c) => !c.passed).flatMap((c) => c.issues.map((issue) => `${c.label}: ${issue}`)),
    ...(entailment?.issues ?? []).map((i) =>
      i.sentence ? `Entailment (${i.section}): “${i.sentence}”: ${i.issue}` : `Entailment: ${i.issue}`,
    ),
  ];
  return lines.length > MAX_LISTED_ISSUES
    ? [...lines.slice(0, MAX_LISTED_ISSUES), `… and ${lines.length - MAX_LISTED_ISSUES} more`]
    : lines;
}

/**
 * The safety net every draft goes through, whatever the backend: citation validation (references outside the
 * evidence, markers pointing nowhere, identifiers in the prose that name no retrieved record) and quotation
 * verification. Returns the cleaned report and a repair line
 * for anything this pass had to remove.
 */
function cleanDraft(draft: ResearchReport, evidence: Evidence[]): { report: ResearchReport; repairs: ReportRepair[] } {
  const repairs: ReportRepair[] = [];
  const cited = validateReportCitations(draft, evidence);
  if (cited.removedReferences > 0)
    repairs.push({ kind: "reference", detail: `${cited.removedReferences} reference(s) not in the run's evidence` });
  if (cited.removedMarkers > 0)
    repairs.push({ kind: "marker", detail: `${cited.removedMarkers} marker number(s) pointing to no reference` });
  for (const id of cited.neutralisedIdentifiers)
    repairs.push({ kind: "identifier", detail: `${id} names no retrieved record` });
  const quoted = verifyReportQuotes(cited.report, evidence);
  for (const c of quoted.checks)
    if (c.outcome === "removed") repairs.push({ kind: "quote", detail: describeRemovedQuote(c) });
  return {
    report: withPublishedSupport({
      ...quoted.report,
      removedMarkers: (quoted.report.removedMarkers ?? 0) + cited.removedMarkers,
    }),
    repairs,
  };
}

/**
 * Writes the report under the critic (the Reflexion critic node of the seeds): for each draft,
 * 1. the draft is cleaned (cleanDraft) and the deterministic checks run (lib/report/appraise/critic-checks), counting
 *    what the report agent removed from the model's draft as a failure of `references-in-evidence`;
 * 2. when they pass and the backend has an entailment check (LLM backends), each cited sentence is checked
 *    against the abstracts it cites;
 * 3. PASS → published as "verified"; FAIL → on an LLM backend, the report agent writes a new draft with the
 *    failed checks as feedback (markers of the draft written as run-wide keys, [E3], as the agent cites), at most
 *    {@link MAX_CRITIC_RETRIES} times; when the last draft still fails, what can be trusted is published: the
 *    extractive report of the same evidence ({@link publishTrusted}), the model's draft kept in `failedModelDraft`
 *    (outcome "replaced"). The extractive backend's own drafts are deterministic: a failing one is published at once
 *    as "unverified" with the failed checks listed.
 * Each verdict is emitted as a `critic` event. Provider errors follow the runner's policy (and abort the loop);
 * other failures take the safe side: an entailment check that gives no valid answer counts as FAIL, and when a
 * revision fails the previous draft failed too, so the extractive report is published (with a warning notice).
 * @returns the published report, with `verification` set.
 */
export async function writeCheckedReport(input: CriticLoopInput): Promise<ResearchReport> {
  const { runner, evidence, signal } = input;
  const maxAttempts = 1 + MAX_CRITIC_RETRIES;
  let feedback: string[] = [];
  let previous: ResearchReport | null = null;
  let previousChecks: string[] = [];
  const recoverable = (error: unknown) => !signal?.aborted && !(error instanceof ProviderFailureError);
  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    const agentRepairs: ReportRepair[] = [];
    let draft: ResearchReport;
    try {
      draft = await runner.call("report", (backend, onUsage) =>
        backend.report({
          ...input.reportInput,
          signal,
          feedback: feedback.length > 0 ? feedback : undefined,
          hooks: {
            onUsage,
            onReportRepairs: (r) => agentRepairs.push(...r),
            onPartial: (p) => p.kind === "report" && input.partial?.({ ...p, attempt }),
          },
        }),
      );
    } catch (error) {
      if (!previous || !recoverable(error)) throw error;
      const why = `Revision ${attempt - 1} of the report failed (${errorText(error)})`;
      await input.emit("notice", {
        level: "warning",
        message:
          `${why}; the extractive report of the same evidence is published instead (the previous draft is kept, ` +
          `collapsed).`,
      });
      return publishTrusted(input, previous, [...previousChecks, why], attempt - 1);
    }
    const { report, repairs: netRepairs } = cleanDraft(draft, evidence);
    const repairs = [...agentRepairs, ...netRepairs];
    const checks = runDeterministicChecks(report, evidence, repairs);
    let entailment: EntailmentVerdict | null = null;
    if (checks.every((c) => c.passed) && runner.backend.critique) {
      try {
        entailment = await runner.call("critic", (backend, onUsage) =>
          backend.critique
            ? backend.critique({ question: input.reportInput.question, report, evidence, signal, hooks: { onUsage } })
            : Promise.resolve(null),
        );
      } catch (error) {
        if (!recoverable(error)) throw error;
        entailment = {
          verdict: "FAIL",
          issues: [
            {
              section: "Report",
              sentence: "",
              issue: `the entailment check gave no valid answer (${errorText(error)})`,
            },
          ],
          claimsChecked: 0,
        };
      }
    }
    const passed = checks.every((c) => c.passed) && (entailment === null || entailment.verdict === "PASS");
    const llm = runner.backend.kind === "llm";
    const revise = !passed && attempt < maxAttempts && llm;
    const outcome = passed ? "verified" : revise ? "revise" : llm ? "replaced" : "unverified";
    await input.emit("critic", {
      attempt,
      maxAttempts,
      verdict: passed ? "PASS" : "FAIL",
      checks,
      entailment,
      repairs,
      outcome,
    });
    if (!revise) {
      const failedChecks = passed ? [] : failedCheckLines(checks, entailment);
      if (outcome === "replaced") {
        await input.emit("notice", {
          level: "warning",
          message:
            `The model's report still failed the critic's checks after ${attempt} drafts; the extractive report ` +
            `of the same evidence is published instead (the model's last draft is kept, collapsed).`,
        });
        return publishTrusted(input, report, failedChecks, attempt);
      }
      return {
        ...report,
        verification: { status: passed ? "verified" : "unverified", failedChecks, attempts: attempt },
      };
    }
    // Feedback goes back to the report agent, which cites run-wide keys: [n] of this draft become [E…].
    const keys = citationKeys(evidence);
    feedback = failedCheckLines(checks, entailment)
      .map((line) => numbersToKeys(line, report.references, (id) => keys.get(id)))
      .map((line) => (line.length > FEEDBACK_LINE_CHARS ? `${line.slice(0, FEEDBACK_LINE_CHARS - 1)}…` : line));
    previous = report;
    previousChecks = failedCheckLines(checks, entailment);
  }
}

/**
 * What is published when the model's report failed the critic after its revisions: the extractive report of the same
 * evidence (lib/research/trusted-report: no model-written text), cleaned and checked like any draft, its own
 * verification set from its deterministic checks; the model's last draft (already cleaned and scrubbed) is kept in
 * `failedModelDraft` with its failed checks as an "unverified" verification, for the reader to open.
 */
async function publishTrusted(
  input: CriticLoopInput,
  draft: ResearchReport,
  failedChecks: string[],
  attempts: number,
): Promise<ResearchReport> {
  const { report, repairs } = cleanDraft(extractiveReportOf(input.reportInput), input.evidence);
  const checks = runDeterministicChecks(report, input.evidence, repairs);
  const passed = checks.every((c) => c.passed);
  // A draft is the report agent's output, never itself a replacement: it holds no draft of its own.
  const modelDraft: NonNullable<ResearchReport["failedModelDraft"]> = {
    ...draft,
    verification: { status: "unverified", failedChecks, attempts },
  };
  delete (modelDraft as ResearchReport).failedModelDraft;
  return {
    ...report,
    verification: {
      status: passed ? "verified" : "unverified",
      failedChecks: passed ? [] : failedCheckLines(checks, null),
      attempts: 1,
    },
    failedModelDraft: modelDraft,
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
