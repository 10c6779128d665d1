import type { ClaimCheckResult, CounterCitation } from "@/lib/domain/claim-check";
import type { Reference } from "@/lib/domain/report";
import type { RunDetail } from "@/lib/runs/projections";
import { escapeProse, formatReference } from "@/lib/report/render/markdown";
import { citationFile } from "@/lib/report/render/citations";
import { completeReference } from "@/lib/grounding/references";
import { exportFile } from "@/lib/domain/export";
import { citationNaming } from "@/lib/evidence/summary";
import type { ModeExport } from "@/lib/runs/mode";
import { claimCheckToJson, claimResultsFromEvents } from "./json";

const VERDICT_WORDS: Record<ClaimCheckResult["verdict"], string> = {
  supports: "the evidence supports the claim",
  contradicts: "the evidence contradicts the claim",
  undecided: "undecided",
};

/**
 * The distinct records a claim check cites, over all its claims, as references numbered in order of first citation
 * (claim 1's citations first). Authors come from the run's evidence record when it is there (citations carry none).
 */
export function claimCheckReferences(detail: RunDetail): Reference[] {
  const evidence = new Map(detail.evidence.map((e) => [e.id, e]));
  const seen = new Map<string, Reference>();
  for (const result of claimResultsFromEvents(detail.events)) {
    for (const c of result.citations) {
      if (seen.has(c.evidenceId)) continue;
      const record = evidence.get(c.evidenceId);
      seen.set(c.evidenceId, completeReference(toReference(c, seen.size + 1, record?.citation.authors ?? []), record));
    }
  }
  return [...seen.values()];
}

function toReference(c: CounterCitation, n: number, authors: string[]): Reference {
  return { n, evidenceId: c.evidenceId, ...citationNaming(c), authors };
}

/**
 * A claim check as Markdown: the checked text, then per claim its verdict and confidence, counter-statement,
 * rationale, counter-report (with its [n] markers) and numbered citations, each with the verified passage of its
 * abstract. Abstract and model text is escaped (escapeProse), as in research reports.
 */
export function claimCheckToMarkdown(detail: RunDetail): string {
  const out: string[] = ["# Claim check", "", "## Checked text", "", escapeProse(detail.run.question), ""];
  const results = claimResultsFromEvents(detail.events);
  if (results.length === 0) out.push("No claim was checked to the end.", "");
  results.forEach((r, i) => {
    out.push(`## Claim ${i + 1}: ${escapeProse(r.claim)}`, "");
    out.push(`**Verdict:** ${VERDICT_WORDS[r.verdict]} (confidence ${r.confidence}).`, "");
    out.push(`**Counter-statement:** ${escapeProse(r.counterStatement)}`, "");
    out.push(`**Rationale:** ${escapeProse(r.rationale)}`, "");
    out.push("### Counter-report", "", escapeProse(r.counterReport), "");
    out.push("### Citations", "");
    if (r.citations.length === 0) out.push("No record was cited.");
    for (const c of r.citations) {
      out.push(
        `${c.n}. ${formatReference(toReference(c, c.n, []))} Score ${c.score}/5.`,
        `   > ${escapeProse(c.passage)}`,
      );
    }
    out.push("");
  });
  return `${out.join("\n")}\n`;
}

/**
 * A claim check's downloads: Markdown ({@link claimCheckToMarkdown}), BibTeX, RIS or CSL-JSON with one entry per
 * distinct cited record ({@link claimCheckReferences}, provenance flags in `note` / `N1`), and the `--json` contract of
 * `npm run check` (claimCheckToJson); all but JSON once a claim has its verdict. Its follow-ups are not exported.
 */
export const claimCheckExport: ModeExport = {
  formats: ["markdown", "bibtex", "ris", "csl-json", "json"],
  title: (detail) => `claim check ${detail.run.question}`,
  ready: (events) => events.some((e) => e.type === "claim-verdict"),
  file(format, detail) {
    if (format === "prisma" || claimResultsFromEvents(detail.events).length === 0) return null;
    const title = claimCheckExport.title(detail);
    if (format === "markdown") return exportFile(format, title, claimCheckToMarkdown(detail));
    return exportFile(format, title, citationFile(format, claimCheckReferences(detail), detail.evidence));
  },
  json: claimCheckToJson,
  followUps: false,
};
