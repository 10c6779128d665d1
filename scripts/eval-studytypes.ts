import type { Evidence } from "@/lib/domain/evidence";
import { DESIGN_LABELS, DESIGN_ORDER, type StudyDesign } from "@/lib/domain/study-design";
import { classifyStudy } from "@/lib/evidence/study-design/classify";
import type { BenchmarkResult, BenchmarkRow } from "./eval-types";
import { isTuningPmid, readLabelledCdr, readMedlineSample, type StudyTypeItem } from "./studytypes-corpus";

/** Designs a publication type can name: the only ones the MEDLINE sample's gold can confirm or refute. */
const PUBLICATION_TYPE_DESIGNS: ReadonlySet<StudyDesign> = new Set([
  "meta-analysis",
  "systematic-review",
  "randomized-trial",
  "clinical-trial",
  "case-report",
  "review",
  "opinion",
]);

interface Scored {
  item: StudyTypeItem;
  predicted: StudyDesign;
}

/** Per-design precision and recall of `scored`, as benchmark rows named "<corpus>: <design label>". */
function rowsFor(corpus: string, scored: Scored[], designs: readonly StudyDesign[]): BenchmarkRow[] {
  return designs.flatMap((design) => {
    const known = scored.filter((s) => s.item.gold !== undefined);
    const tp = known.filter((s) => s.item.gold === design && s.predicted === design).length;
    const fp = known.filter((s) => s.item.gold !== design && s.predicted === design).length;
    const fn = known.filter((s) => s.item.gold === design && s.predicted !== design).length;
    if (tp + fp + fn === 0) return [];
    const precision = tp + fp > 0 ? tp / (tp + fp) : undefined;
    const recall = tp + fn > 0 ? tp / (tp + fn) : undefined;
    const f1 = precision && recall ? (2 * precision * recall) / (precision + recall) : 0;
    return [{ name: `${corpus}: ${DESIGN_LABELS[design][0]}`, source: "measured", precision, recall, f1, tp, fp, fn }];
  });
}

/**
 * NLM typed systematic reviews as "Review" until the publication type "Systematic Review" came in 2019, and a 2015
 * record's "Review" may be either; so against a MEDLINE "Review" a systematic review or meta-analysis is scored as the
 * review it also is.
 */
function atReviewGranularity(s: Scored): Scored {
  const pooled = s.predicted === "systematic-review" || s.predicted === "meta-analysis";
  return s.item.gold === "review" && pooled ? { ...s, predicted: "review" } : s;
}

/** Who a record's design says was studied: people, animals, cells, or none (reviews, editorials, unclassified). */
function studied(e: Evidence): string {
  const { design, human } = classifyStudy(e);
  return design === "animal" || design === "in-vitro" ? design : human ? "people" : "none";
}

/**
 * On the MEDLINE records NLM has indexed: how often the text alone names the same subject (people, animals, cells or
 * none) as the reading with the MeSH check tags, species and cell-line descriptors. Agreement, not accuracy: the
 * MeSH reading is the classifier's own.
 */
function meshAgreement(scored: Scored[]): string {
  const indexed = scored.filter((s) => s.item.withMesh);
  const same = indexed.filter((s) => studied(s.item.withMesh!) === studied(s.item.record)).length;
  return `${same}/${indexed.length}`;
}

function accuracy(scored: Scored[]): string {
  const known = scored.filter((s) => s.item.gold !== undefined);
  const right = known.filter((s) => s.item.gold === s.predicted).length;
  return `${right}/${known.length} (${((100 * right) / Math.max(1, known.length)).toFixed(1)}%)`;
}

/**
 * The study-design classifier ({@link classifyStudy}) measured two ways, per design:
 * 1. the BC5CDR training records (no publication types, no MeSH) against our labels
 *    (bench/study-types/cdr-training-labels.tsv, bench/study-types/README.md);
 * 2. the MEDLINE sample against its publication types, classified with the publication types and the MeSH design
 *    descriptors hidden, so the text rules are what is measured. A prediction of a design that publication types name
 *    counts as a false positive on a fully indexed record (status MEDLINE) whose types name another design or none;
 *    records not yet indexed count only where their types name a design.
 * Split: test = odd PMIDs (held out, never tuned on), dev = even PMIDs (tuning), all = both.
 * @param args ["--split", "test"|"dev"|"all"] (default test); ["--errors"] lists each disagreement on stderr.
 * @throws Error for an unknown split.
 */
export function runStudyTypes(args: string[]): BenchmarkResult {
  const split = args.includes("--split") ? args[args.indexOf("--split") + 1] : "test";
  if (split !== "dev" && split !== "test" && split !== "all") throw new Error(`unknown split "${split}"`);
  const keep = (item: StudyTypeItem) => split === "all" || isTuningPmid(item.pmid) === (split === "dev");
  const score = (items: StudyTypeItem[]): Scored[] =>
    items.filter(keep).map((item) => ({ item, predicted: classifyStudy(item.record).design }));
  const cdr = score(readLabelledCdr());
  const medline = score(readMedlineSample()).map(atReviewGranularity);
  if (args.includes("--errors")) {
    for (const s of [...cdr, ...medline]) {
      if (s.item.gold === undefined || s.item.gold === s.predicted) continue;
      if (s.item.gold === null && !PUBLICATION_TYPE_DESIGNS.has(s.predicted)) continue;
      process.stderr.write(
        `${s.item.pmid}\tgold ${s.item.gold ?? "none"}\tpredicted ${s.predicted}\t${s.item.record.citation.title}\n`,
      );
    }
  }
  const medlineDesigns = DESIGN_ORDER.filter((d) => PUBLICATION_TYPE_DESIGNS.has(d));
  const unknown = medline.filter((s) => s.item.gold === undefined);
  const unknownTyped = unknown.filter((s) => PUBLICATION_TYPE_DESIGNS.has(s.predicted)).length;
  const typed = medline.filter((s) => s.item.gold).length;
  const indexedNone = medline.filter((s) => s.item.gold === null).length;
  return {
    benchmark: "studytypes",
    split: split === "test" ? "held out (odd PMIDs)" : split === "dev" ? "tuning (even PMIDs)" : "all PMIDs",
    documents: cdr.length + medline.length,
    goldRelations: cdr.length + medline.filter((s) => s.item.gold !== undefined).length,
    model: { classifier: "lib/evidence/study-design/classify.ts" },
    rows: [
      ...rowsFor("BC5CDR training, our labels", cdr, DESIGN_ORDER),
      ...rowsFor("MEDLINE sample, publication types", medline, medlineDesigns),
    ],
    notes: [
      `BC5CDR: ${cdr.length} labelled records, accuracy ${accuracy(cdr)}`,
      `MEDLINE: ${medline.length} records; ${typed} with a design publication type,` +
        ` ${indexedNone} fully indexed without one, ${unknown.length} not` +
        ` indexed (unscored; ${unknownTyped} of them predicted a publication-type design)`,
      "MEDLINE rows score only designs that publication types name; animal, cohort and the like have no gold there",
      "MEDLINE: a systematic review or meta-analysis predicted for a record typed Review counts as the review it is",
      "MEDLINE indexed records: the text alone names the subject (people, animals, cells, none) the MeSH headings do" +
        ` on ${meshAgreement(medline)}`,
    ],
  };
}
