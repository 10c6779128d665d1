/**
 * Cue words of who or what a study studied, matched in its title and abstract. Source of every list: our reading of
 * the BC5CDR training abstracts with even PMIDs and the even-PMID half of the MEDLINE 2016 sample
 * (bench/study-types/README.md); the odd halves are held out. Global patterns, for counting.
 */

/** Laboratory and farm species, animal models and strain names: work in animals. */
export const SPECIES =
  /\b(?:rats?|mice|mouse|murine|rodents?|dogs?|canine|beagles?|rabbits?|hamsters?|guinea[- ]pigs?|monkeys?|macaques?|primates?|baboons?|marmosets?|pigs?|piglets?|swine|porcine|sheep|ovine|lambs?|goats?|cats?|feline|cows?|cattle|calves|bovine|heifers?|horses?|ponies|equine|chicks?|chickens?|zebrafish|xenopus|frogs?|drosophila|animals?|wistar|sprague[- ]dawley|long[- ]evans|fischer[- ]?344|f344|c57bl\/?\d*\w*|balb\/c|dba\/2\w*|swiss[- ]webster)\b/gi;

/**
 * Animal words that are part of a disease or syndrome name ("rabbit syndrome", an extrapyramidal side effect of
 * neuroleptics in people), that name animal work done by others ("animal studies suggest"), or that name material
 * from an animal ("strains isolated from chickens"), not a species studied.
 */
export const SPECIES_NOT_STUDIED =
  /\b(?:(?:rabbit|cat|dog|mouse|pig)[- ](?:syndrome|scratch|ear|eye|bite)|animal (?:(?:studies|data|experiments|models?) (?:have|has|had|suggest|suggests|show|shows|indicate|indicates)|and (?:clinical|human) (?:studies|data))|(?:in|from) (?:experimental )?animals and (?:humans?|man|people)|(?:animals?|rodents?) and (?:humans?|man)|(?:chickens?|poultry|bovine|porcine|pigs?|cattle|fish)[- ](?:isolated|isolates|meat|farms?|products|feed)|(?:isolated|isolates|strains|samples|specimens|derived|obtained|purified) from (?:[\w-]+ ){0,3}(?:rats?|mice|mouse|dogs?|rabbits?|pigs?|swine|sheep|cows?|cattle|bovine|porcine|chickens?|poultry|animals?))\b/gi;

/** People studied: patients, volunteers, named groups of people; ages ("a 45-year-old"); not "man" for humankind ("reported in man"). */
export const PEOPLE =
  /\b(?:patients?|subjects|volunteers?|participants|children|infants?|neonates?|newborns?|wom[ae]n|men|(?<!\b(?:in|to|for|of|than|by|with) )man|boys?|girls?|adults|adolescents|elderly|outpatients?|inpatients?|persons|people|individuals|recipients|users|smokers|donors?|workers|mothers|humans|twins?|migraineurs|\d+-(?:year|yr|month|day)-old)\b/gi;

/** Person words used of animals ("infant rats", "adult male mice", "pregnant rats"): no people studied. */
export const PEOPLE_WORDS_OF_ANIMALS =
  /\b(?:infants?|neonates?|newborns?|adults|adolescents|elderly|subjects|individuals|donors?|recipients|twins?|mothers)(?: [\w-]+){0,2} (?:rats?|mice|dogs|rabbits|monkeys|pigs|piglets|sheep|lambs|cats|animals|rodents)\b/gi;

/** Cells, tissues, organs or molecules outside the body. */
export const IN_VITRO =
  /\b(?:in vitro(?! fertili[sz]ation)|ex vivo|cultured|cultures?|culturing|cell lines?|cell-based|(?:cells|neurons|myocytes|cardiomyocytes|hepatocytes|slices) (?:were|was) (?:treated|exposed|incubated|seeded|cultured|transfected|plated|loaded|preincubated|pretreated)|incubated|incubation|transfected|transfection|isolated (?:perfused|rat|guinea[- ]pig|human|atria|hearts?|strips?|erythrocytes|cells|myocytes|cardiomyocytes|hepatocytes|mitochondria|vessels|arteries|aortic rings?)|organ bath|microsomes|recombinant|binding assays?|patch[- ]clamp|multielectrode arrays?|pluripotent stem cells?|stem cell-derived|hips-cms?|ipscs?|organoids?|clones|plasmids?|isolates|site-directed mutagenesis|replication-competent|hek[- ]?293|hela|sh-sy5y|thp-1|hepg2|mcf-7|caco-2|cho cells|cos-7|jurkat|u937|pc12|a549|hl-60|k562)\b/gi;

/** Dosing or study of whole living animals (with a species named, the mark of in vivo work). */
export const IN_VIVO =
  /\b(?:in vivo(?! condition)|administ(?:ered|ration)|inject(?:ed|ions?)|infus(?:ed|ions?)|i\.[pv]\.|s\.c\.|p\.o\.|i\.c\.v\.|intraperitoneal(?:ly)?|subcutaneous(?:ly)?|intravenous(?:ly)?|orally|gavage|fed|diet|treated (?:with|for|daily)|(?:pre)?treated (?:rats|mice|animals|dogs)|given|dosed|(?:rat|mouse|animal|in vivo) models?|knockout|transgenic|sacrificed|killed|anesthetized|anaesthetized|conscious|behavio(?:u)?ral)\b/gi;

/** Counts the matches of a global pattern in a text. */
export function countMatches(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}
