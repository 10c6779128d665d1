import type { FollowUpClassification } from "@/lib/domain/chat";

/**
 * Requests for more research: verbs that ask to search, look or dig further, and "what about …" / "is this also true
 * in …" questions that move the run to a population or topic its evidence was not gathered for. Source: the
 * follow-ups Critica is designed for ("look deeper into hERG", "what about children?", "check the trials", "Is this
 * also true in children?") and the phrasing of follow-ups in Perplexity/Elicit-style threads; our choice of words.
 */
const RESEARCH_CUES: Array<{ pattern: RegExp; reason: string }> = [
  {
    pattern: /\b(?:look|dig|go|search|research|investigate|delve)\s+(?:deeper|further|more)\b/i,
    reason: "asks to look deeper",
  },
  { pattern: /\b(?:look|dig|delve)\s+into\b/i, reason: "asks to look into a topic" },
  {
    pattern: /\b(?:search|find|look)\s+(?:for\s+)?(?:more|other|new|additional|further)\b/i,
    reason: "asks for more records",
  },
  { pattern: /\b(?:search|investigate|explore)\b/i, reason: "asks for a search" },
  {
    pattern: /\bcheck\s+(?:the\s+)?(?:trials?|registr(?:y|ies)|literature|preprints?)\b/i,
    reason: "asks to check another body of records",
  },
  {
    pattern: /^\s*(?:and\s+)?what\s+about\b/i,
    reason: "asks about a topic beyond the evidence (“what about …”)",
  },
  {
    pattern: /\b(?:also|still)\s+(?:true|the case|apply|hold)\b|\bdoes\s+(?:this|it|that)\s+(?:also\s+)?apply\b/i,
    reason: "asks whether the finding extends to another population",
  },
];

/**
 * Questions about the evidence already gathered: a reference by number, "these studies", "the evidence", or a
 * request to summarise or list. They win over research cues, so "Which of these studies looked into hERG?" stays a
 * question about the evidence.
 */
const EVIDENCE_CUES: Array<{ pattern: RegExp; reason: string }> = [
  {
    pattern: /\b(?:ref(?:erence)?s?\.?|studies|study|paper|record|citation)\s*#?\s*\[?\d+\]?/i,
    reason: "names a reference by number",
  },
  { pattern: /\[\d+\]/, reason: "names a reference by number" },
  {
    pattern: new RegExp(
      "\\b(?:these|those|the(?:se)? cited|your|the report'?s?|the run'?s?)\\s+(?:studies|papers|records|references|" +
        "trials|sources|articles|abstracts|evidence|findings)\\b",
      "i",
    ),
    reason: "asks about the run's evidence",
  },
  { pattern: /\b(?:summari[sz]e|summary of|list|compare|quote)\b/i, reason: "asks to summarise or list the evidence" },
  {
    pattern: /\b(?:in the evidence|the evidence (?:say|show)|according to the (?:evidence|report|references))\b/i,
    reason: "asks what the evidence says",
  },
];

/** Words of a research request that are not its topic ("look deeper into", "what about"), removed to get its focus. */
const REQUEST_WORDS = new RegExp(
  "\\b(?:please|can you|could you|would you|now|then|and|also|look|dig|go|search|research|investigate|explore|" +
    "delve|deeper|further|more|other|new|additional|into|for|find|check|what|about|is|does|this|it|that|true|still|" +
    "the case|apply|hold|in|on|of|the|a|an)\\b",
  "gi",
);

/** "reference 3", "ref. 3", "refs 2 and 5", "study 7": a named reference list (group 1: its numbers). */
const NAMED_REFERENCES =
  /\b(?:ref(?:erence)?s?\.?|studies|study|paper|record|citation)\s*#?\s*((?:\[?\d+\]?(?:\s*(?:,|and|&)\s*)?)+)/gi;
/** A bracketed reference marker, "[4]". */
const MARKER = /\[(\d+)\]/g;

/** Reference numbers a follow-up names: "reference 3", "ref. 3", "refs 2 and 5", "[4]", "study 7". */
export function referencedNumbers(text: string): number[] {
  const numbers = new Set<number>();
  for (const m of text.matchAll(NAMED_REFERENCES)) {
    for (const n of m[1].match(/\d+/g) ?? []) numbers.add(Number(n));
  }
  for (const m of text.matchAll(MARKER)) numbers.add(Number(m[1]));
  return [...numbers].filter((n) => n >= 1 && n <= 10_000).sort((a, b) => a - b);
}

/**
 * The follow-up without the references it names ("Reference [3]: what dose?" → ": what dose?"), to read its topic.
 */
export function withoutReferences(text: string): string {
  return text.replace(NAMED_REFERENCES, " ").replace(MARKER, " ");
}

/**
 * The topic of a research follow-up: the text without request words and punctuation ("look deeper into hERG" →
 * "hERG").
 */
export function researchFocus(text: string): string {
  const focus = text
    .replace(/[?!.,;:"“”]/g, " ")
    .replace(REQUEST_WORDS, " ")
    .replace(/\s+/g, " ")
    .trim();
  return focus || text.trim();
}

/**
 * Classifies a follow-up into its two kinds, deterministically so both backends and the tests agree:
 * a follow-up that names a reference or the run's evidence, or asks to summarise or list, is an "evidence"
 * question; otherwise one with a research cue (look deeper, search, check the trials, what about …, is this also
 * true in …) is a "research" request; anything else is answered from the evidence. `reason` says which rule decided.
 */
export function classifyFollowUp(text: string): FollowUpClassification {
  const references = referencedNumbers(text);
  const evidence = EVIDENCE_CUES.find((c) => c.pattern.test(text));
  if (evidence) return { kind: "evidence", reason: evidence.reason, references, focus: text.trim() };
  const research = RESEARCH_CUES.find((c) => c.pattern.test(text));
  if (research) return { kind: "research", reason: research.reason, references, focus: researchFocus(text) };
  return { kind: "evidence", reason: "a question the run's evidence may answer", references, focus: text.trim() };
}
