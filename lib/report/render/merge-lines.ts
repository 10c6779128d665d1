/** Shortest shared wording (in words, before and after the part that differs) for two lines to be one template. */
const MIN_SHARED_WORDS = 5;
/** Longest differing part (in words) of lines merged as one template. */
const MAX_VARYING_WORDS = 4;

function words(line: string): string[] {
  return line.trim().split(/\s+/);
}

/** "a", "b" and "c" → "a, b and c". */
function andList(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

interface Group {
  prefix: string[];
  suffix: string[];
  varying: string[];
}

/** The differing middle of `line` against a group's prefix and suffix, or null when the line is not of its template. */
function middleOf(line: string[], prefix: string[], suffix: string[]): string | null {
  if (line.length < prefix.length + suffix.length + 1) return null;
  for (let i = 0; i < prefix.length; i++) if (line[i] !== prefix[i]) return null;
  for (let i = 0; i < suffix.length; i++) if (line[line.length - suffix.length + i] !== suffix[i]) return null;
  const middle = line.slice(prefix.length, line.length - suffix.length);
  return middle.length <= MAX_VARYING_WORDS ? middle.join(" ") : null;
}

/** The shared prefix and suffix of two lines when they differ in one short part, else null. */
function template(a: string[], b: string[]): { prefix: string[]; suffix: string[] } | null {
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  if (p + s < MIN_SHARED_WORDS || p === 0) return null;
  if (
    a.length - p - s > MAX_VARYING_WORDS ||
    b.length - p - s > MAX_VARYING_WORDS ||
    a.length - p - s < 1 ||
    b.length - p - s < 1
  )
    return null;
  return { prefix: a.slice(0, p), suffix: a.slice(a.length - s) };
}

/**
 * Lines with repeats merged, aligned with the input: identical lines once, and lines written from one template that
 * differ in a single short part (at most 4 words, with at least 5 shared words around it) as one line listing the
 * parts: "No gene or protein target links cisapride to torsade de pointes …" and the same for sotalol become "No gene
 * or protein target links cisapride and sotalol to torsade de pointes …". The first line of each group holds the
 * merged line; the lines merged into it, and empty lines, are null. Pure.
 */
export function mergeRepeated(lines: string[]): Array<string | null> {
  const groups: Array<{ at: number; line: string; group: Group | null }> = [];
  const seen = new Set<string>();
  lines.forEach((raw, at) => {
    const line = raw.trim();
    if (!line || seen.has(line)) return;
    seen.add(line);
    const w = words(line);
    for (const g of groups) {
      if (!g.group) {
        const t = template(words(g.line), w);
        if (!t) continue;
        g.group = { ...t, varying: [middleOf(words(g.line), t.prefix, t.suffix)!, middleOf(w, t.prefix, t.suffix)!] };
        return;
      }
      const middle = middleOf(w, g.group.prefix, g.group.suffix);
      if (middle === null) continue;
      if (!g.group.varying.includes(middle)) g.group.varying.push(middle);
      return;
    }
    groups.push({ at, line, group: null });
  });
  const out: Array<string | null> = lines.map(() => null);
  for (const g of groups)
    out[g.at] = g.group ? [...g.group.prefix, andList(g.group.varying), ...g.group.suffix].join(" ") : g.line;
  return out;
}

/** {@link mergeRepeated} without the nulls: the lines to show, in first-seen order. */
export function mergeRepeatedLines(lines: string[]): string[] {
  return mergeRepeated(lines).filter((l): l is string => l !== null);
}
