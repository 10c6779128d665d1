import { getConfig } from "@/lib/config";
import { countLibraryRecords } from "@/lib/db/evidence";
import { sourceIdSchema, type SourceId } from "@/lib/domain/evidence";
import { createCtgovSource } from "./ctgov";
import { createEuropePmcSource } from "./europepmc";
import { createLocalLibrarySource } from "./local";
import { createPapersSource } from "./papers";
import { createPubmedSource } from "./pubmed";
import type { LiteratureSource } from "./types";
import { withSourceCache } from "./cache";

/** The live web sources, in display order. */
export const LIVE_SOURCES: SourceId[] = ["pubmed", "europepmc", "ctgov"];

/**
 * Builds the source clients for the chosen ids (base URLs are read from the environment at call time). The live
 * sources answer from the database cache for CRITICA_SOURCE_CACHE_TTL_HOURS (lib/sources/cache.ts) unless `cache`
 * is false (a run that bypasses it) or the TTL is 0; the local library and "My papers" are never cached (they are the
 * database). "papers" are the uploaded papers of `owner` (the run's owner; none without one).
 */
export function createSources(
  ids: SourceId[],
  options: { treatmentQuestion: boolean; cache?: boolean; owner?: string | null },
): LiteratureSource[] {
  const ttlMs = options.cache === false ? 0 : getConfig().CRITICA_SOURCE_CACHE_TTL_HOURS * 3_600_000;
  const cached = (source: LiteratureSource, variant = "") =>
    ttlMs > 0 ? withSourceCache(source, { ttlMs, variant }) : source;
  return ids.map((id) => {
    switch (id) {
      case "pubmed":
        return cached(createPubmedSource());
      case "europepmc":
        return cached(createEuropePmcSource());
      case "ctgov":
        return cached(
          createCtgovSource({ interventionalOnly: options.treatmentQuestion }),
          options.treatmentQuestion ? "interventional" : "",
        );
      case "local":
        return createLocalLibrarySource();
      case "papers":
        return createPapersSource(options.owner ?? null);
    }
  });
}

/**
 * Parses a comma-separated source list ("pubmed,local").
 * @throws Error naming the unknown source and the valid ones.
 */
export function parseSourceList(list: string): SourceId[] {
  const ids = list
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (ids.length === 0) throw new Error("no sources given; choose from pubmed, europepmc, ctgov, local, papers");
  return [...new Set(ids)].map((id) => {
    const parsed = sourceIdSchema.safeParse(id);
    if (!parsed.success) throw new Error(`unknown source "${id}"; choose from pubmed, europepmc, ctgov, local, papers`);
    return parsed.data;
  });
}

/**
 * The default sources of a run: every live source, plus the local library if it holds records.
 * `CRITICA_SOURCES` (comma-separated) overrides this, e.g. "local" for an offline machine.
 */
export async function defaultSources(): Promise<SourceId[]> {
  const configured = getConfig().CRITICA_SOURCES?.trim();
  if (configured) return parseSourceList(configured);
  return (await countLibraryRecords()) > 0 ? [...LIVE_SOURCES, "local"] : [...LIVE_SOURCES];
}

/** Whether a question is about treatment (then ClinicalTrials.gov is filtered to interventional studies). */
export function isTreatmentQuestion(question: string): boolean {
  return /\b(treat|treatment|therap|repurpos|efficacy|prevent|drug for|manage|cure|improv)/i.test(question);
}
