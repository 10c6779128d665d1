import type { LanguageModel } from "ai";
import type { CritiqueInput } from "@/lib/research/backend";
import type { EntailmentVerdict } from "@/lib/domain/critic";
import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import { citedNumbers, stripMarkers } from "@/lib/grounding/markers";
import { proseTexts } from "@/lib/grounding/prose";
import { sentenceSpans } from "@/lib/text/sentence-spans";
import { citationKeys, sentenceId } from "@/lib/evidence/identity";
import { createExcerptStore } from "@/lib/evidence/prompt-context/excerpt-store";
import { scrubContext } from "@/lib/grounding/scrub";
import {
  CRITIC_INSTRUCTIONS,
  criticOutputSchema,
  formatCriticPrompt,
  toIssues,
  type CitedClaim,
  type CriticOutput,
} from "@/lib/grounding/entailment";
import { callAgent, type StructuredAgentSpec } from "@/lib/ai/agent";
import type { ResearchLlmOptions } from "./agent-evidence";
import { RESEARCH_SAMPLING } from "./sampling";

/** The critic's entailment check: every cited sentence of a draft against the evidence it cites, in one call. */
export const criticAgent: StructuredAgentSpec<CriticOutput> = {
  name: "critic",
  purpose: "Checks that each cited sentence of a report draft is entailed by the evidence blocks it cites (PASS/FAIL).",
  instructions: CRITIC_INSTRUCTIONS,
  schema: criticOutputSchema,
  sampling: RESEARCH_SAMPLING.critic,
};

/**
 * The cited sentences of a report, in reading order: every sentence of every prose section that carries at least
 * one [n] marker pointing to a reference of the report (n in 1..references.length). Markers are stripped from
 * `sentence`; list bullets are removed.
 */
export function citedClaims(report: ResearchReport): CitedClaim[] {
  const claims: CitedClaim[] = [];
  const count = report.references.length;
  for (const { label, text } of proseTexts(report)) {
    for (const span of sentenceSpans(text)) {
      const raw = text.slice(span.start, span.end);
      const references = [...new Set(citedNumbers(raw))].filter((n) => n >= 1 && n <= count).sort((a, b) => a - b);
      if (references.length === 0) continue;
      const sentence = stripMarkers(raw).replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "");
      claims.push({ claim: claims.length + 1, section: label, sentence, references });
    }
  }
  return claims;
}

/**
 * The critic's LLM entailment check (layer 2 of the seed critic node): every cited sentence of the report is
 * checked against the records it cites, shown under their run-wide keys with the excerpts the report agent read
 * (the run's ExcerptStore, `options.excerpts`), in ONE model call per draft, whatever the number of sentences
 * (one batched call per revision, never one per sentence, so a long report costs one call; a verdict with its
 * one-sentence reasoning is ≈ 45 output tokens, so about 50 sentences fit the critic's 2,500-token limit, and the
 * cited blocks are at most the report agent's 20). FAIL
 * when any sentence is not entailed (see {@link toIssues}); PASS with `claimsChecked` 0 and no model call when
 * nothing is cited.
 * @throws Error("critic agent: the model returned an invalid object twice: …"); API, timeout and abort errors
 * propagate.
 */
export async function checkEntailment(
  model: LanguageModel,
  input: CritiqueInput,
  options: ResearchLlmOptions = {},
): Promise<EntailmentVerdict> {
  const byId = new Map<string, Evidence>(input.evidence.map((e) => [e.id, e]));
  const keyOf = citationKeys(input.evidence);
  const idOfNumber = (n: number) => input.report.references[n - 1]?.evidenceId ?? "";
  const same = (a: string, b: string) => a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();
  const claims = citedClaims(input.report).map((c) => ({
    ...c,
    keys: c.references.map((n) => keyOf.get(idOfNumber(n)) ?? `[${n}]`),
    rests: (input.report.support ?? [])
      .filter((s) => same(s.sentence, c.sentence) && keyOf.has(s.evidenceId))
      .flatMap((s) => s.sentences.map((x) => ({ id: sentenceId(keyOf.get(s.evidenceId)!, x.n), text: x.text }))),
  }));
  if (claims.length === 0) return { verdict: "PASS", issues: [], claimsChecked: 0 };
  const store = options.excerpts ?? createExcerptStore();
  const ids = [...new Set(claims.flatMap((c) => c.references.map(idOfNumber)))];
  const blocks = ids
    .flatMap((id) => (byId.has(id) && keyOf.has(id) ? [{ key: keyOf.get(id)!, evidence: byId.get(id)! }] : []))
    .sort((a, b) => Number(a.key.slice(1)) - Number(b.key.slice(1)))
    .map((b) => ({ ...b, sentences: store.excerpt(b.evidence, input.question, "") }));
  const output = await callAgent(criticAgent, model, options, {
    prompt: formatCriticPrompt(input.question, claims, blocks),
    signal: input.signal,
    hooks: input.hooks,
  });
  const ctx = scrubContext(input.evidence, {
    references: input.report.references.length,
    keys: new Set(keyOf.values()),
  });
  const issues = toIssues(output, claims, ctx);
  return { verdict: issues.length === 0 ? "PASS" : "FAIL", issues, claimsChecked: claims.length };
}
