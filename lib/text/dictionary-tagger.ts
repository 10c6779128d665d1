/**
 * Dictionary-based entity tagging: finds the names of a dictionary in text by greedy longest match over word
 * tokens (case-insensitive, punctuation-insensitive: "PKC-alpha" matches "PKC alpha"). This is the classic
 * dictionary look-up used by biomedical taggers before machine learning (e.g. MetaMap's lexical look-up,
 * Aronson 2001); it finds only names already known, never invents one.
 */

/** A dictionary name and what it stands for. */
export interface DictionaryEntry<T> {
  name: string;
  value: T;
}

/** A compiled dictionary: lower-case token sequences → entry, and the longest name length in tokens. */
export interface Dictionary<T> {
  entries: Map<string, DictionaryEntry<T>>;
  maxTokens: number;
}

/** Lower-case alphanumeric tokens of a text. */
function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Compiles a dictionary. Names of fewer than `minChars` characters (default 4) are left out, since short names
 * ("Li", "PG") are ambiguous out of their annotated context. When two entries share a name, the first wins.
 */
export function compileDictionary<T>(entries: Iterable<DictionaryEntry<T>>, minChars = 4): Dictionary<T> {
  const map = new Map<string, DictionaryEntry<T>>();
  let maxTokens = 1;
  for (const entry of entries) {
    const key = tokens(entry.name).join(" ");
    if (key.replace(/ /g, "").length < minChars || map.has(key)) continue;
    map.set(key, entry);
    maxTokens = Math.max(maxTokens, key.split(" ").length);
  }
  return { entries: map, maxTokens };
}

/**
 * The dictionary entries named in `text`, each once, in order of first appearance (greedy longest match, so
 * "diabetes insipidus" wins over "diabetes").
 */
export function tagText<T>(text: string, dictionary: Dictionary<T>): Array<DictionaryEntry<T>> {
  const words = tokens(text);
  const found = new Map<string, DictionaryEntry<T>>();
  for (let i = 0; i < words.length;) {
    let matched = 0;
    for (let n = Math.min(dictionary.maxTokens, words.length - i); n >= 1; n--) {
      const key = words.slice(i, i + n).join(" ");
      const entry = dictionary.entries.get(key);
      if (entry) {
        if (!found.has(key)) found.set(key, entry);
        matched = n;
        break;
      }
    }
    i += matched || 1;
  }
  return [...found.values()];
}
