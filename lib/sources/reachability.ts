import type { SourceId } from "@/lib/domain/evidence";

/**
 * How long a live source that failed its DNS lookup is treated as unreachable: 5 minutes. Source: our choice, long
 * enough to spare a session of runs, short enough that a returning network is used soon; offline, each dead source
 * otherwise costs about 3.5 s of DNS retries on every run.
 */
export const UNREACHABLE_MS = 5 * 60_000;

/**
 * A source marked unreachable: when its DNS lookup failed (`since`) and until when it is skipped (`until`), epoch ms.
 */
export interface UnreachableSource {
  source: SourceId;
  since: number;
  until: number;
}

// One mark per source, in the memory of the process (the server or one CLI run): a restart forgets them.
const marks = new Map<SourceId, UnreachableSource>();

/** DNS failure codes of Node's resolver (getaddrinfo): no such host, or no answer (offline). */
const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN"]);

/**
 * Whether an error (or any error in its `cause` chain) is a failed DNS lookup (ENOTFOUND, EAI_AGAIN, "getaddrinfo").
 */
export function isDnsFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as Error & { code?: unknown }).code;
    if ((typeof code === "string" && DNS_CODES.has(code)) || /getaddrinfo (?:ENOTFOUND|EAI_AGAIN)/.test(e.message))
      return true;
  }
  return false;
}

/** Marks a source unreachable for {@link UNREACHABLE_MS} from `now`. The library and "My papers" are never marked. */
export function markUnreachable(source: SourceId, now = Date.now()): void {
  if (source === "local" || source === "papers") return;
  marks.set(source, { source, since: now, until: now + UNREACHABLE_MS });
}

/** The source's mark when it is still unreachable at `now`, else null (an expired mark is dropped). */
export function unreachableMark(source: SourceId, now = Date.now()): UnreachableSource | null {
  const mark = marks.get(source);
  if (!mark) return null;
  if (mark.until > now) return mark;
  marks.delete(source);
  return null;
}

/** Every source still marked unreachable at `now` (for the form's notice). */
export function unreachableSources(now = Date.now()): UnreachableSource[] {
  return [...marks.keys()].flatMap((s) => unreachableMark(s, now) ?? []);
}

/** Forgets a source's mark ("Retry" on the form): the next run asks it again. */
export function clearUnreachable(source: SourceId): void {
  marks.delete(source);
}

/** "14:05 UTC": a mark's time for messages. */
export function utcTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(11, 16)} UTC`;
}
