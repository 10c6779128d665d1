// `npm run check -- "<claim or abstract>" [--sources local] [--json]`
// Runs a claim check headless, saves it like the UI does, prints each claim's verdict and counter-report, or the
// --json contract. Exits 0 on a completed check, 1 on a failed or cancelled one, 2 on bad usage.
import { claimCheckToJson, claimResultsFromEvents } from "@/lib/claims/json";
import { STRATEGY_LABELS, SEARCH_STRATEGIES, type ClaimCheckResult } from "@/lib/domain/claim-check";
import { claimCheck } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { readingText, relationText, sideCountText } from "@/lib/claims/side-text";
import { followRun, parseCli, parseRequest, runCli, runOwner, writeStdout } from "./cli-support";

const USAGE =
  `usage: npm run check -- "<claim or abstract>" ` + `[--sources pubmed,europepmc,ctgov,local] [--as <email>] [--json]`;

/** One claim's result as plain text: verdict, counter-statement, rationale, report, citations, statistics. */
function claimToText(c: ClaimCheckResult, n: number): string {
  const s = c.searchStats;
  const strategies = SEARCH_STRATEGIES.map(
    (k) =>
      `${STRATEGY_LABELS[k]} ` +
      (s.strategies[k].ran ? `${s.strategies[k].found}/${s.strategies[k].scored}/${s.strategies[k].cited}` : "not run"),
  ).join(", ");
  return [
    `## Claim ${n}: ${c.claim}`,
    `Verdict: ${c.verdict} (${c.confidence} confidence)`,
    ...(c.reading ? [`Read as: ${readingText(c.reading)}`] : []),
    `Counter-statement: ${c.counterStatement}`,
    `Rationale: ${c.rationale}`,
    "",
    c.counterReport,
    "",
    ...c.citations.map(
      (x) =>
        `[${x.n}] ${x.pmid ? `PMID ${x.pmid}` : x.evidenceId} · score ${x.score}/5 · found by ` +
        `${x.foundBy.join(", ")}\n    “${x.passage}”`,
    ),
    ...sidesToText(c),
    `Search: ${s.documentsFound} found, ${s.documentsScored} scored, ${s.documentsAboveThreshold} at or above ` +
      `${s.threshold}, ${s.documentsCited} cited; ${s.passagesDropped} passages dropped (per strategy ` +
      `found/scored/cited: ${strategies}).`,
    `Generated: ${c.metadata.backend}` +
      (c.metadata.model ? ` ${c.metadata.model}` : "") +
      (c.metadata.temperature !== null ? `, temperature ${c.metadata.temperature}` : "") +
      `, ${c.metadata.durationMs} ms.`,
  ].join("\n");
}

/** The documents on each side of a claim: counts, PMIDs and (for the claim's side) verified passages. */
function sidesToText(c: ClaimCheckResult): string[] {
  if (!c.sides) return [];
  const id = (d: { pmid: string | null; evidenceId: string }) => (d.pmid ? `PMID ${d.pmid}` : d.evidenceId);
  const against = c.sides.contradicts;
  const lines = [
    "",
    `Against the claim: ` +
      `${sideCountText(against)}${against.documents.length ? ` (${against.documents.map(id).join(", ")})` : ""}.`,
  ];
  for (const d of against.documents)
    if (d.relation) lines.push(`  [${d.citation}] ${id(d)} · ${relationText(d.relation)}`);
  const supports = c.sides.supports;
  if (!supports) return [...lines, "In line with the claim: not looked for by this scorer."];
  lines.push(
    `In line with the claim: ` +
      `${sideCountText(supports)}${supports.documents.length ? ` (${supports.documents.map(id).join(", ")})` : ""}.`,
  );
  for (const d of supports.documents)
    lines.push(`  ${id(d)}${d.relation ? ` · ${relationText(d.relation)}` : ""}\n    “${d.passage}”`);
  return lines;
}

async function main(): Promise<number> {
  const { values, text, sources, help } = parseCli({ json: { type: "boolean", default: false } }, "claim");
  if (help) {
    console.log(USAGE);
    return 0;
  }
  // Checked by the run input schema (lib/domain/run-input.ts), like the form's and the API's value.
  const request = parseRequest(claimCheck, { text, sources });
  const { outcome, detail } = await followRun("Claim check", async () =>
    startRun(claimCheck, request, { ownerId: await runOwner(values) }),
  );
  const json = claimCheckToJson(detail);
  if (values.json) await writeStdout(`${JSON.stringify(json, null, 2)}\n`);
  else
    await writeStdout(
      `${claimResultsFromEvents(detail.events)
        .map((c, i) => claimToText(c, i + 1))
        .join("\n\n")}\n`,
    );
  if (outcome.status !== "completed") {
    console.error(`Claim check ${outcome.status}: ${outcome.error ?? "no result"}`);
    return 1;
  }
  console.error(`Claim check ${detail.run.id} completed: ${json.claims.length} claim(s).`);
  return 0;
}

runCli("check", USAGE, main);
