import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import { mapProse } from "./prose";
import { evidenceLookup, writtenIdentifierKeys } from "@/lib/evidence/identity";

/** Flag appended to an identifier of the prose that names no record of the run's evidence. */
export const NOT_RETRIEVED = "(not retrieved)";

/**
 * Identifiers written in prose, in one pass so each is read once: a URL (scheme or "www."; trailing punctuation
 * is not part of it), a DOI ("10.<registrant>/<suffix>"), a PMID ("PMID 123", "PMID: 123") or an NCT ID.
 */
const INNER = "[^\\s<>()[\\]\"'`]*";
const LAST = "[^\\s<>()[\\]\"'`.,;:!?…]";
const IDENTIFIER = new RegExp(
  String.raw`\b(?:https?:\/\/|www\.)${INNER}${LAST}|\b10\.\d{4,9}\/${INNER}${LAST}|\bPMID:?\s*\d{1,9}\b|\bNCT\d{8}\b`,
  "gi",
);

/**
 * A URL loses its scheme and "www." so Markdown (GFM autolink literals) no longer turns it into a link; every
 * neutralised identifier is followed by {@link NOT_RETRIEVED}.
 */
function neutralised(identifier: string): string {
  const text = identifier.replace(/^https?:\/\//i, "").replace(/^www\./i, "");
  return `${text} ${NOT_RETRIEVED}`;
}

/** The report with its prose identifiers checked, and one line per identifier neutralised ("URL https://…"). */
export interface ProseIdentifierCheck {
  report: ResearchReport;
  neutralised: string[];
}

/**
 * Checks every URL, DOI, PMID and NCT ID written in the report's prose (every prose field but the methodology,
 * which describes the searches and quotes the sources' own error messages, e.g. a host name that failed to
 * resolve) against the run's evidence: one that names a retrieved record stays as written; any other is neutralised as
 * plain, non-link text flagged "(not retrieved)" — e.g. "See https://fabricated.example/paper/7" becomes
 * "See fabricated.example/paper/7 (not retrieved)" — so a fabricated identifier can never pass as a source.
 * The report's `removedIdentifiers` grows by the number neutralised (the pass is idempotent).
 */
export function checkProseIdentifiers(report: ResearchReport, evidence: Evidence[]): ProseIdentifierCheck {
  const lookup = evidenceLookup(evidence);
  const lines: string[] = [];
  const checked = mapProse(report, (text, field) =>
    field === "methodology" ? text : neutraliseUnretrieved(text, lookup, lines),
  );
  return {
    report: { ...checked, removedIdentifiers: (report.removedIdentifiers ?? 0) + lines.length },
    neutralised: lines,
  };
}

/**
 * The identifier check of {@link checkProseIdentifiers} on one text (e.g. a chat answer): every URL, DOI, PMID and
 * NCT ID that names no record of `lookup` (an evidenceLookup of the run's evidence) is neutralised as plain text
 * flagged "(not retrieved)"; one line per neutralised identifier is pushed to `lines`. Idempotent.
 */
export function neutraliseUnretrieved(text: string, lookup: Map<string, Evidence>, lines: string[]): string {
  return text.replace(IDENTIFIER, (identifier: string, offset: number, whole: string) => {
    // Already flagged by an earlier pass: the check is idempotent.
    if (whole.startsWith(` ${NOT_RETRIEVED}`, offset + identifier.length)) return identifier;
    if (writtenIdentifierKeys(identifier).some((key) => lookup.has(key))) return identifier;
    lines.push(
      /^(?:https?:|www\.)/i.test(identifier)
        ? `URL ${identifier}`
        : /^10\./.test(identifier)
          ? `DOI ${identifier}`
          : identifier,
    );
    return neutralised(identifier);
  });
}

/** What kind of identifier a written one is: "URL", "DOI", "PMID" or "NCT ID" (named in counts, never the value). */
export function identifierKind(identifier: string): "URL" | "DOI" | "PMID" | "NCT ID" {
  if (/^(?:https?:|www\.)/i.test(identifier)) return "URL";
  if (/^10\./.test(identifier)) return "DOI";
  return /^PMID/i.test(identifier) ? "PMID" : "NCT ID";
}

/** An identifier with the "doi"/"DOI:" label a writer may put before a DOI. */
const LABELLED_IDENTIFIER = new RegExp(`(?:\\bdoi\\s*:?\\s*)?(?:${IDENTIFIER.source})`, "gi");

/**
 * Model-written text with every URL, DOI, PMID and NCT ID that names no record of `lookup` removed (with a "doi"
 * label before it), not flagged: a model's identifier that is not a retrieved record is an invention, and a reader
 * should never see it, not even marked. The kind of each one removed ("PMID") is pushed to `removed`. Identifiers of
 * retrieved records stay as written. Punctuation left behind is tidied by the caller (lib/grounding/scrub).
 */
export function removeUnretrieved(text: string, lookup: Map<string, Evidence>, removed: string[]): string {
  return text.replace(LABELLED_IDENTIFIER, (whole: string) => {
    const identifier = whole.replace(/^doi\s*:?\s*/i, "");
    if (writtenIdentifierKeys(identifier).some((key) => lookup.has(key))) return whole;
    removed.push(identifierKind(identifier));
    return "";
  });
}
