/**
 * Cue words of who or what a study studied, matched in its title and abstract. Source of every list: our reading of
 * the BC5CDR training abstracts with even PMIDs and the even-PMID half of the MEDLINE 2016 sample
 * (bench/study-types/README.md); the odd halves are held out. Global patterns, for counting.
 */

/**
 * A case-insensitive pattern of whole-word alternatives: `\b(?:a|b|…)\b`, each alternative a regular-expression
 * source (written with String.raw). `flags` adds to "i" ("g" for counting).
 */
export function anyOf(alternatives: readonly string[], flags = ""): RegExp {
  return new RegExp(String.raw`\b(?:${alternatives.join("|")})\b`, `i${flags}`);
}

/** A case-insensitive pattern matching any of `alternatives`, each a complete regular-expression source. */
export function eitherOf(alternatives: readonly string[]): RegExp {
  return new RegExp(alternatives.join("|"), "i");
}

/** Laboratory and farm species, animal models and strain names: work in animals. */
export const SPECIES = anyOf(
  [
    String.raw`rats?|mice|mouse|murine|rodents?|dogs?|canine|beagles?|rabbits?|hamsters?|guinea[- ]pigs?`,
    String.raw`monkeys?|macaques?|primates?|baboons?|marmosets?|pigs?|piglets?|swine|porcine|sheep|ovine|lambs?`,
    String.raw`goats?|cats?|feline|cows?|cattle|calves|bovine|heifers?|horses?|ponies|equine|chicks?|chickens?`,
    String.raw`zebrafish|xenopus|frogs?|drosophila|animals?`,
    String.raw`wistar|sprague[- ]dawley|long[- ]evans|fischer[- ]?344|f344|c57bl\/?\d*\w*|balb\/c|dba\/2\w*`,
    String.raw`swiss[- ]webster`,
  ],
  "g",
);

/** Species named as the source of material ("chicken meat", "strains isolated from pigs"). */
const SOURCE_SPECIES =
  String.raw`(?:rats?|mice|mouse|dogs?|rabbits?|pigs?|swine|sheep|cows?|cattle|bovine|porcine|chickens?|poultry` +
  String.raw`|animals?)`;

/**
 * Animal words that are part of a disease or syndrome name ("rabbit syndrome", an extrapyramidal side effect of
 * neuroleptics in people), that name animal work done by others ("animal studies suggest"), or that name material
 * from an animal ("strains isolated from chickens"), not a species studied.
 */
export const SPECIES_NOT_STUDIED = anyOf(
  [
    String.raw`(?:rabbit|cat|dog|mouse|pig)[- ](?:syndrome|scratch|ear|eye|bite)`,
    String.raw`animal (?:studies|data|experiments|models?) (?:have|has|had|suggests?|shows?|indicates?)`,
    String.raw`animal and (?:clinical|human) (?:studies|data)`,
    String.raw`(?:in|from) (?:experimental )?animals and (?:humans?|man|people)`,
    String.raw`(?:animals?|rodents?) and (?:humans?|man)`,
    String.raw`(?:chickens?|poultry|bovine|porcine|pigs?|cattle|fish)[- ]` +
      String.raw`(?:isolated|isolates|meat|farms?|products|feed)`,
    String.raw`(?:isolated|isolates|strains|samples|specimens|derived|obtained|purified) from (?:[\w-]+ ){0,3}` +
      SOURCE_SPECIES,
  ],
  "g",
);

/**
 * People studied: patients, volunteers, named groups of people; ages ("a 45-year-old"); not "man" for humankind
 * ("reported in man").
 */
export const PEOPLE = anyOf(
  [
    String.raw`patients?|subjects|volunteers?|participants|children|infants?|neonates?|newborns?|wom[ae]n|men`,
    String.raw`(?<!\b(?:in|to|for|of|than|by|with) )man|boys?|girls?|adults|adolescents|elderly|outpatients?`,
    String.raw`inpatients?|persons|people|individuals|recipients|users|smokers|donors?|workers|mothers|humans`,
    String.raw`twins?|migraineurs|\d+-(?:year|yr|month|day)-old`,
  ],
  "g",
);

/** Person words used of animals ("infant rats", "adult male mice", "pregnant rats"): no people studied. */
export const PEOPLE_WORDS_OF_ANIMALS = anyOf(
  [
    String.raw`(?:infants?|neonates?|newborns?|adults|adolescents|elderly|subjects|individuals|donors?|recipients` +
      String.raw`|twins?|mothers)(?: [\w-]+){0,2} ` +
      String.raw`(?:rats?|mice|dogs|rabbits|monkeys|pigs|piglets|sheep|lambs|cats|animals|rodents)`,
  ],
  "g",
);

/** Cells, tissues, organs or molecules outside the body. */
export const IN_VITRO = anyOf(
  [
    String.raw`in vitro(?! fertili[sz]ation)|ex vivo|cultured|cultures?|culturing|cell lines?|cell-based`,
    String.raw`(?:cells|neurons|myocytes|cardiomyocytes|hepatocytes|slices) (?:were|was) (?:treated|exposed|incubated` +
      String.raw`|seeded|cultured|transfected|plated|loaded|preincubated|pretreated)`,
    String.raw`incubated|incubation|transfected|transfection`,
    String.raw`isolated (?:perfused|rat|guinea[- ]pig|human|atria|hearts?|strips?|erythrocytes|cells|myocytes` +
      String.raw`|cardiomyocytes|hepatocytes|mitochondria|vessels|arteries|aortic rings?)`,
    String.raw`organ bath|microsomes|recombinant|binding assays?|patch[- ]clamp|multielectrode arrays?`,
    String.raw`pluripotent stem cells?|stem cell-derived|hips-cms?|ipscs?|organoids?|clones|plasmids?|isolates`,
    String.raw`site-directed mutagenesis|replication-competent`,
    String.raw`hek[- ]?293|hela|sh-sy5y|thp-1|hepg2|mcf-7|caco-2|cho cells|cos-7|jurkat|u937|pc12|a549|hl-60|k562`,
  ],
  "g",
);

/** Dosing or study of whole living animals (with a species named, the mark of in vivo work). */
export const IN_VIVO = anyOf(
  [
    String.raw`in vivo(?! condition)|administ(?:ered|ration)|inject(?:ed|ions?)|infus(?:ed|ions?)`,
    String.raw`i\.[pv]\.|s\.c\.|p\.o\.|i\.c\.v\.|intraperitoneal(?:ly)?|subcutaneous(?:ly)?|intravenous(?:ly)?`,
    String.raw`orally|gavage|fed|diet|treated (?:with|for|daily)|(?:pre)?treated (?:rats|mice|animals|dogs)|given`,
    String.raw`dosed|(?:rat|mouse|animal|in vivo) models?|knockout|transgenic|sacrificed|killed|anesthetized`,
    String.raw`anaesthetized|conscious|behavio(?:u)?ral`,
  ],
  "g",
);

/** Counts the matches of a global pattern in a text. */
export function countMatches(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}
