import type { LanguageModel } from "ai";
import type { CounterReportInput } from "@/lib/claims/backend";
import { callAgent, type AgentCallOptions, type StructuredAgentSpec } from "@/lib/ai/agent";
import { sentenceId } from "@/lib/evidence/identity";
import { excerptSentences } from "@/lib/evidence/prompt-context/excerpts";
import {
  CRITIC_INSTRUCTIONS,
  criticOutputSchema,
  unsupportedStatements,
  type CriticOutput,
  type EntailmentCall,
} from "@/lib/grounding/entailment";
import { citedNumbers, stripMarkers } from "@/lib/grounding/markers";
import { unsupportedSpecifics } from "@/lib/grounding/statement-support";
import { sentenceSpans } from "@/lib/text/sentence-spans";
import { CLAIM_CRITIC_SAMPLING } from "./sampling";

/** The report's entailment critic, asked about a counter-report's cited sentences (one call per report). */
export const counterReportCriticAgent: StructuredAgentSpec<CriticOutput> = {
  name: "critic",
  purpose: "Checks that each cited sentence of a counter-report is entailed by the passages it cites (PASS/FAIL).",
  instructions: CRITIC_INSTRUCTIONS,
  schema: criticOutputSchema,
  sampling: CLAIM_CRITIC_SAMPLING,
};

/** A counter-report once its statements are checked against the passages they cite. */
export interface CheckedCounterReport {
  /** The report without its unsupported statements, with a note of how many were removed when any was. */
  text: string;
  /** Statements removed. */
  removed: number;
  /** Statements the entailment critic judged (0: no call was made). */
  judged: number;
}

/** The note a checked counter-report ends with when statements were removed: it says how many, and why. */
export function removalNote(removed: number): string {
  return `(${removed} ${removed === 1 ? "statement" : "statements"} removed: not supported by the cited records.)`;
}

/**
 * Holds a model's counter-report to the report's standard. Each sentence is read with its [n] markers:
 * 1. a cited sentence is checked against what [n] showed the model (the passage and the abstract excerpt given as
 *    its findings): a number, unit, dose, percentage or named entity they do not hold removes it (deterministic,
 *    lib/grounding/statement-support), and the rest go to the entailment critic in ONE call (`entail`, skipped when
 *    null); FAIL or no verdict removes it;
 * 2. an uncited sentence naming a specific that no cited passage or excerpt holds is removed (a figure stated
 *    without a citation is not made true by leaving the citation off); other uncited prose (a transition, a
 *    limitation) is kept.
 * When statements were removed the text ends with {@link removalNote}. When no cited statement is left, the report
 * says the cited records do not support the model's report and gives the extractive report of the passages
 * (`fallback`) instead, so what is shown is still drawn from the records.
 * @param text the cleaned, scrubbed report, its markers within 1..citations.length
 * @param findingsChars the characters of each abstract excerpt the report's prompt showed as the record's findings
 * @throws what `entail` throws
 */
export async function checkCounterReport(
  text: string,
  input: CounterReportInput,
  check: { entail: EntailmentCall | null; fallback: () => string; findingsChars: number },
): Promise<CheckedCounterReport> {
  const { entail, fallback } = check;
  const records = new Map((input.records ?? []).map((e) => [e.id, e]));
  const blocks = input.citations.map((c) => {
    const e = records.get(c.evidenceId);
    const abstract = e?.citation.abstract.trim() ?? "";
    const sentences = abstract ? excerptSentences(abstract, input.counter.counterStatement, check.findingsChars) : [];
    return { n: c.n, key: `E${c.n}`, passage: c.passage, evidence: e, sentences };
  });
  const rests = (n: number) => {
    const b = blocks.find((x) => x.n === n);
    if (!b) return [];
    // The passage by name; the excerpt's sentences by their ids, as the block the critic is shown lists them.
    return [
      { id: `${b.key} passage`, text: b.passage },
      ...b.sentences.map((x) => ({ id: sentenceId(b.key, x.n), text: x.text })),
    ];
  };
  const everything = blocks.flatMap((b) => rests(b.n).map((r) => r.text)).join(" ");
  const spans = sentenceSpans(text).map((span) => {
    const raw = text.slice(span.start, span.end);
    return { ...span, raw, numbers: [...new Set(citedNumbers(raw))], statement: stripMarkers(raw) };
  });
  const drop = new Set<number>();
  spans.forEach((s, i) => {
    if (s.numbers.length === 0 && unsupportedSpecifics(s.statement, everything).length > 0) drop.add(i);
  });
  const cited = spans.map((s, i) => ({ s, i })).filter(({ s }) => s.numbers.length > 0);
  const checked = await unsupportedStatements(
    cited.map(({ s }) => ({
      statement: s.statement,
      keys: s.numbers.map((n) => `E${n}`),
      rests: s.numbers.flatMap(rests),
    })),
    input.claim,
    blocks.flatMap((b) => (b.evidence ? [{ key: b.key, evidence: b.evidence, sentences: b.sentences }] : [])),
    entail,
  );
  cited.forEach(({ i }, k) => checked.failed.has(k) && drop.add(i));
  if (drop.size === 0) return { text, removed: 0, judged: checked.judged };
  if (cited.every(({ i }) => drop.has(i))) {
    const why =
      `The cited records do not support the model's counter-report: ${removalNote(drop.size).slice(1, -2)}. ` +
      "The passages themselves follow.";
    return { text: `${why} ${fallback()}`, removed: drop.size, judged: checked.judged };
  }
  let out = "";
  let last = 0;
  spans.forEach((s, i) => {
    out += text.slice(last, s.start);
    last = s.end;
    if (!drop.has(i)) out += s.raw;
  });
  out += text.slice(last);
  const kept = out
    .replace(/[ \t]{2,}/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { text: `${kept} ${removalNote(drop.size)}`, removed: drop.size, judged: checked.judged };
}

/**
 * The entailment critic as one model call of the claim check's model, its usage counted with the counter-report's
 * (the options' usage hooks).
 */
export function counterReportEntailment(
  model: LanguageModel,
  options: AgentCallOptions,
  signal: AbortSignal | undefined,
): EntailmentCall {
  return (prompt) => callAgent(counterReportCriticAgent, model, options, { prompt, signal });
}
