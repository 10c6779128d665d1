import { z } from "zod";

/**
 * One hypothesis card while the hypothesis agent's answer streams: the chain's parts written so far ("" until the
 * model reaches them) and the confidence once given (0–1, else null).
 */
export const hypothesisPreviewSchema = z.object({
  drug: z.string(),
  target: z.string(),
  pathway: z.string(),
  effect: z.string(),
  confidence: z.number().nullable(),
});
export type HypothesisPreview = z.infer<typeof hypothesisPreviewSchema>;

/**
 * One report section while the report agent's answer streams: its heading and its text so far, without citation keys.
 */
export const reportSectionPreviewSchema = z.object({ label: z.string(), text: z.string() });
export type ReportSectionPreview = z.infer<typeof reportSectionPreviewSchema>;

/**
 * What an LLM agent shows while its answer streams (AI SDK partial output): the hypothesis cards so far, or the
 * report's title and sections so far. Never saved: the final answer is saved as its event (hypotheses, report).
 */
export const agentPartialSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("hypotheses"), hypotheses: z.array(hypothesisPreviewSchema) }),
  z.object({ kind: z.literal("report"), title: z.string(), sections: z.array(reportSectionPreviewSchema) }),
]);
export type AgentPartial = z.infer<typeof agentPartialSchema>;

/**
 * A run's partial answer as live viewers receive it (a transient `data-partial` stream part, see
 * lib/runs/event-parts): the agent's partial with the iteration of the hypotheses, or the critic-loop attempt of
 * the report draft (1 = the first draft, 2–3 the revisions) it belongs to.
 */
export const runPartialSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("hypotheses"),
    iteration: z.number().int(),
    hypotheses: z.array(hypothesisPreviewSchema),
  }),
  z.object({
    kind: z.literal("report"),
    attempt: z.number().int(),
    title: z.string(),
    sections: z.array(reportSectionPreviewSchema),
  }),
]);
export type RunPartial = z.infer<typeof runPartialSchema>;
