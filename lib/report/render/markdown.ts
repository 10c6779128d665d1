import type { Reference, ResearchReport } from "@/lib/domain/report";
import { MARKER_PATTERN } from "@/lib/grounding/markers";

/**
 * Markdown control characters escaped in text shown literally: backslash, code, emphasis, strikethrough, links, HTML.
 */
const MARKDOWN_INLINE = /([\\`*_~[\]<>])/g;

/** Escapes Markdown control characters in plain text such as titles (brackets, emphasis, backticks, tildes). */
export function escapeText(text: string): string {
  return text.replace(MARKDOWN_INLINE, "\\$1");
}

/** A list item's leading marker ("- ", "1. "), which is report structure, not text. */
const LIST_MARKER = /^(\s*(?:[-*•]|\d+[.)])\s+)/;

/**
 * Prose of a report (abstract sentences, model text) as literal Markdown: every inline control character is
 * escaped, so "[Ca(2+)](i) overload" is shown as written rather than as a link, and "*", "_" or "~" in an
 * abstract never turn into emphasis. Kept as Markdown: the [n] citation markers (MARKER_PATTERN), which the
 * report page turns into citations, and a line's leading list marker. Brackets are escaped, so no "[text](url)"
 * link can form; parentheses alone carry no meaning in Markdown and are left as they are.
 */
export function escapeProse(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      const lead = LIST_MARKER.exec(line)?.[1] ?? "";
      const body = line.slice(lead.length);
      let out = "";
      let last = 0;
      for (const m of body.matchAll(new RegExp(MARKER_PATTERN.source, "g"))) {
        out += escapeText(body.slice(last, m.index)) + m[0];
        last = (m.index ?? 0) + m[0].length;
      }
      return lead + out + escapeText(body.slice(last));
    })
    .join("\n");
}

/** Authors as "Smith J, Doe A, Roe B, et al." (first three, then "et al."), or "" when none are known. */
export function formatAuthors(authors: string[]): string {
  if (authors.length === 0) return "";
  return authors.length > 3 ? `${authors.slice(0, 3).join(", ")}, et al.` : `${authors.join(", ")}.`;
}

/**
 * One reference line without its number: authors, title, journal (italic), year, volume(issue):pages when known
 * ("*Am J Physiol Renal Physiol* (2009) 297(6):F1689-96."), then identifier links (PMID → PubMed, DOI → doi.org,
 * NCT ID → ClinicalTrials.gov), or the record URL when it has none of them.
 */
export function formatReference(ref: Reference): string {
  const parts: string[] = [];
  const authors = formatAuthors(ref.authors);
  if (authors) parts.push(escapeText(authors));
  parts.push(escapeText(/[.?!]$/.test(ref.title) ? ref.title : `${ref.title}.`));
  const issue = ref.issue ? `(${ref.issue})` : "";
  const locator = ref.volume ? `${ref.volume}${issue}${ref.pages ? `:${ref.pages}` : ""}` : (ref.pages ?? "");
  const venue = [
    ref.journal ? `*${escapeText(ref.journal)}*` : "",
    ref.year ? `(${ref.year})` : "",
    ref.journal && locator ? escapeText(locator) : "",
  ]
    .filter(Boolean)
    .join(" ");
  if (venue) parts.push(`${venue}.`);
  const links: string[] = [];
  if (ref.pmid) links.push(`PMID: [${ref.pmid}](https://pubmed.ncbi.nlm.nih.gov/${ref.pmid}/)`);
  if (ref.doi) links.push(`DOI: [${escapeText(ref.doi)}](https://doi.org/${encodeURI(ref.doi)})`);
  if (ref.nctId) links.push(`[${ref.nctId}](https://clinicaltrials.gov/study/${ref.nctId})`);
  if (links.length === 0 && ref.url) links.push(`[Link](${ref.url})`);
  if (links.length > 0) parts.push(links.join(" · "));
  return parts.join(" ");
}

/** Section content: kept as is when it is already a list, else each non-empty line becomes a paragraph. */
function block(content: string): string {
  return escapeProse(content)
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line !== "")
    .join(content.includes("\n- ") || content.startsWith("- ") ? "\n" : "\n\n");
}

function status(supported: number, contradicted: number): string {
  if (supported > contradicted) return "supported";
  if (contradicted > supported) return "contradicted";
  return "mixed";
}

/**
 * The visible "unverified" flag, placed under the title: a blockquote naming each failed check (escaped text).
 * Empty unless `verification.status` is "unverified".
 */
function verificationFlag(report: ResearchReport): string[] {
  const v = report.verification;
  if (v?.status !== "unverified") return [];
  const drafts = `${v.attempts} ${v.attempts === 1 ? "draft" : "drafts"}`;
  return [
    `> **Unverified report.** The critic's checks still failed after ${drafts}; read the findings with care. ` +
      `Failed checks:`,
    ">",
    ...v.failedChecks.map((c) => `> - ${escapeText(c)}`),
    "",
  ];
}

/**
 * Footer notes: markers and quotations removed or replaced, identifiers neutralised or removed, and the critic's
 * verdict ("" for none).
 */
function integrityNotes(report: ResearchReport): string {
  const notes: string[] = [];
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (report.removedMarkers)
    notes.push(
      `${count(report.removedMarkers, "citation marker", "citation markers")} pointing to no evidence removed.`,
    );
  if (report.removedQuotes)
    notes.push(`${count(report.removedQuotes, "quotation", "quotations")} not found in the cited sources removed.`);
  if (report.replacedQuotes)
    notes.push(`${count(report.replacedQuotes, "quotation", "quotations")} replaced by the source's own wording.`);
  if (report.removedIdentifiers) {
    notes.push(
      `${count(report.removedIdentifiers, "identifier", "identifiers")} naming no retrieved record marked “not ` +
        `retrieved”.`,
    );
  }
  if (report.droppedIdentifiers) {
    notes.push(
      `${count(report.droppedIdentifiers, "identifier", "identifiers")} written by the model naming no ` +
        `retrieved record removed.`,
    );
  }
  // Says what was checked: the critic's deterministic checks always run; whether each source supports its sentence
  // is checked only by a model's entailment check, which the run page names where it ran.
  if (report.verification?.status === "verified")
    notes.push(
      "Passed the critic's checks: required sections, cited paragraphs and dosages, references and quotations " +
        "found in the evidence.",
    );
  if (report.verification?.status === "unverified") {
    notes.push(
      `Unverified: ${count(report.verification.failedChecks.length, "problem", "problems")} found by the ` +
        `critic (listed under the title).`,
    );
  }
  return notes.map((n) => ` ${n}`).join("");
}

/**
 * Renders a report as Markdown: title, executive summary, research question, methodology, hypotheses tested
 * (supported/mixed/contradicted by their record counts), mechanistic and clinical findings, drug candidates,
 * limitations, conclusion, numbered references, and a footer line with papers reviewed, iterations,
 * confidence (%) and, when removedReferences > 0, how many references citation validation removed, then the
 * integrity notes (markers and quotations removed or replaced, the critic's verdict). An "unverified" report
 * carries a flag under its title that lists the failed checks.
 * Prose keeps its inline [n] markers, which refer to the numbered references; everything else in it is shown
 * literally ({@link escapeProse}).
 */
export function reportToMarkdown(report: ResearchReport): string {
  const out: string[] = [`# ${escapeText(report.title)}`, ""];
  // A question outside the biomedical literature is answered in one paragraph: no sections, no references.
  if (report.outOfScope) return [...out, escapeProse(report.executiveSummary), ""].join("\n");
  out.push(...verificationFlag(report));
  if (report.failedModelDraft) {
    const n = report.failedModelDraft.verification?.attempts ?? 0;
    out.push(
      `> **Extractive report.** The model's report still failed the critic's checks after ${n} ` +
        `${n === 1 ? "draft" : "drafts"}, so this report was written from the same evidence without a language ` +
        `model. The model's last draft is kept: collapsed on the report page, \`failedModelDraft\` in the JSON ` +
        `export.`,
      "",
    );
  }
  if (report.notAnswered)
    out.push(
      "*The evidence retrieved does not answer this question. The report says what was searched and what " +
        "evidence is missing.*",
      "",
    );
  out.push("## Executive summary", "", escapeProse(report.executiveSummary), "");
  out.push("## Research question", "", escapeText(report.researchQuestion), "");
  out.push(`## ${report.methodology.title || "Methodology"}`, "", block(report.methodology.content), "");
  out.push("## Hypotheses tested", "");
  if (report.hypothesesTested.length === 0) out.push("No hypothesis could be formed from the evidence.");
  for (const h of report.hypothesesTested) {
    out.push(
      `- **${escapeText(h.mechanism)}** (${status(h.supported, h.contradicted)}): ${h.supported} supporting, ` +
        `${h.contradicted} contradicting`,
    );
  }
  out.push("");
  out.push(
    `## ${report.mechanisticFindings.title || "Mechanistic findings"}`,
    "",
    block(report.mechanisticFindings.content),
    "",
  );
  out.push(
    `## ${report.clinicalFindings.title || "Clinical findings"}`,
    "",
    block(report.clinicalFindings.content),
    "",
  );
  out.push("## Drug candidates", "");
  if (report.drugCandidates.length === 0) out.push("None identified.");
  for (const d of report.drugCandidates) out.push(`- **${escapeText(d)}**`);
  out.push("", "## Limitations", "");
  for (const l of report.limitations) out.push(`- ${escapeProse(l)}`);
  out.push("", "## Conclusion", "", escapeProse(report.conclusion), "", "## References", "");
  if (report.references.length === 0) out.push("No references.");
  for (const ref of report.references) out.push(`${ref.n}. ${formatReference(ref)}`);
  const removed =
    (report.removedReferences > 0
      ? ` ${report.removedReferences} ${report.removedReferences === 1 ? "reference" : "references"} removed by ` +
        `citation validation.`
      : "") + integrityNotes(report);
  out.push(
    "",
    "---",
    "",
    `*Report generated from ${report.totalPapersReviewed} ` +
      `${report.totalPapersReviewed === 1 ? "paper" : "papers"} across ` +
      `${report.searchIterations} search ${report.searchIterations === 1 ? "iteration" : "iterations"}. ` +
      `Confidence: ${Math.round(report.confidenceScore * 100)}%.${removed}*`,
  );
  return `${out.join("\n")}\n`;
}
