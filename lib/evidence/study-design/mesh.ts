import type { MeshTerm } from "@/lib/domain/evidence";

/** A pattern matching a whole lower-cased descriptor name, one of `alternatives` (regular-expression sources). */
function exactly(alternatives: readonly string[]): RegExp {
  return new RegExp(`^(?:${alternatives.join("|")})$`);
}

/**
 * MeSH descriptors NLM indexers give for the design of the study itself (MeSH 2024, tree E05.318 "Epidemiologic
 * Methods" and the E05.581/E05.318.760 trial methods): the design they point to. The "… as Topic" descriptors index
 * articles *about* a design (a review of trials, a methods paper); NLM marks the design of an article itself with its
 * publication type. So they point to no design here; the benchmark hides them with the others (see isDesignMesh).
 */
const DESIGN_DESCRIPTORS: ReadonlyArray<[RegExp, "randomized" | "cohort" | "case-control"]> = [
  [exactly(["double-blind method", "random allocation", "cross-over studies"]), "randomized"],
  [
    exactly([
      "cohort studies",
      "prospective studies",
      "retrospective studies",
      "follow-up studies",
      "longitudinal studies",
    ]),
    "cohort",
  ],
  [
    exactly(["case-control studies", "cross-sectional studies", "seroepidemiologic studies", "health surveys"]),
    "case-control",
  ],
];
const TOPIC_DESCRIPTORS = exactly([
  String.raw`(?:randomized controlled|controlled clinical|clinical|pragmatic clinical|non-randomized controlled)` +
    String.raw` trials(?:, phase [iv]+)? as topic`,
  "meta-analysis as topic|systematic reviews as topic|review literature as topic|observational studies as topic",
  "single-blind method|pilot projects",
]);

/**
 * Descriptors of the species studied: NLM's check tag "Animals" goes with any non-human organism, "Humans" with
 * people (and human cells). Laboratory species and animal models (MeSH tree B01, and "Disease Models, Animal").
 */
const SPECIES = exactly([
  String.raw`rats?(?:, [\w\s-]+)?|mice(?:, [\w\s/-]+)?|dogs|cats|rabbits|swine|sheep|cattle|horses|goats`,
  "guinea pigs",
  String.raw`cricetinae|mesocricetus|macaca(?: [a-z]+)?|primates|callithrix|papio|zebrafish|xenopus(?: laevis)?`,
  String.raw`chick embryo|chickens|drosophila(?: melanogaster)?|caenorhabditis elegans`,
  "disease models, animal|models, animal",
]);

/**
 * Descriptors of work on cells or tissues outside the body: culture techniques, cell lines and the named lines MeSH
 * lists as "<name> Cells" (HEK293, HeLa, Hep G2…), and stem cells grown from patients' cells.
 */
const IN_VITRO = exactly([
  String.raw`in vitro techniques|cells, cultured|cell line(?:, [\w\s]+)?|primary cell culture|cell culture techniques`,
  "organ culture techniques|tissue culture techniques|induced pluripotent stem cells|organoids|spheroids, cellular",
  String.raw`(?:hela|jurkat|vero|cos|cho|sf9) cells|[\w -]*\d[\w -]* cells`,
]);

/** What a record's MeSH headings say about its design; every field false/null without MeSH. */
export interface MeshDesign {
  /** Check tag "Humans". */
  humans: boolean;
  /** Check tag "Animals", or a laboratory species or animal-model descriptor. */
  animals: boolean;
  /** A cell-culture or cell-line descriptor. */
  inVitro: boolean;
  /** The design a design descriptor names (see DESIGN_DESCRIPTORS), the first in the list above that matches. */
  design: "randomized" | "cohort" | "case-control" | null;
}

/** Reads a record's MeSH headings for its design (see {@link MeshDesign}). */
export function meshDesign(terms: readonly MeshTerm[]): MeshDesign {
  const names = terms.map((m) => m.term.toLowerCase());
  const design = DESIGN_DESCRIPTORS.find(([pattern]) => names.some((n) => pattern.test(n)))?.[1] ?? null;
  return {
    humans: names.includes("humans"),
    animals: names.includes("animals") || names.some((n) => SPECIES.test(n)),
    inVitro: names.some((n) => IN_VITRO.test(n)),
    design,
  };
}

/**
 * True for a MeSH descriptor that states the design or the species of a study (check tags Humans/Animals, species,
 * cell lines, design and trial-method descriptors, "… as Topic" design descriptors): what the benchmark hides to
 * measure the text rules on their own.
 */
export function isDesignMesh(term: string): boolean {
  const n = term.toLowerCase();
  return (
    n === "humans" ||
    n === "animals" ||
    SPECIES.test(n) ||
    IN_VITRO.test(n) ||
    TOPIC_DESCRIPTORS.test(n) ||
    DESIGN_DESCRIPTORS.some(([pattern]) => pattern.test(n))
  );
}
