import type { RelationMention } from "./types";

/** A known entity to look for: its name, type, MeSH ID (null when unknown) and optional synonyms. */
export interface KnownEntity {
  name: string;
  type: "chemical" | "disease";
  meshId: string | null;
  synonyms?: string[];
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[A-Za-z0-9]/.test(ch);

/**
 * Locates mentions of known entities in `title + " " + abstract` (offsets in that text, PubTator convention),
 * for records whose annotations carry no offsets. Matching is case-insensitive on whole words (the characters
 * either side are not letters or digits, so "cocaine" matches in "cocaine-induced" but not in "cocaines");
 * overlapping candidates are resolved longest first, then leftmost. id: meshId, or the lower-cased name.
 * Names shorter than 2 characters are ignored.
 * @returns mentions sorted by start offset.
 */
export function findMentions(title: string, abstract: string, entities: KnownEntity[]): RelationMention[] {
  const text = `${title} ${abstract}`;
  const lower = text.toLowerCase();
  const candidates: RelationMention[] = [];
  for (const e of entities) {
    const id = e.meshId ?? e.name.toLowerCase();
    const names = [
      ...new Set([e.name, ...(e.synonyms ?? [])].map((n) => n.trim().toLowerCase()).filter((n) => n.length >= 2)),
    ];
    for (const name of names) {
      for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
        const end = at + name.length;
        if (isWordChar(text[at - 1]) || isWordChar(text[end])) continue;
        candidates.push({ start: at, end, text: text.slice(at, end), type: e.type, id });
      }
    }
  }
  candidates.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const taken: RelationMention[] = [];
  for (const c of candidates) {
    if (taken.some((t) => c.start < t.end && t.start < c.end)) continue;
    taken.push(c);
  }
  return taken.sort((a, b) => a.start - b.start);
}
