/**
 * The deterministic half of checking a cited statement against the sentences it cites: the specifics a reader takes
 * on trust — numbers (with their units, so doses), percentages and named entities — must appear in the cited text.
 * What the statement says about them (direction, size, population) is left to the entailment critic; this check
 * catches, without a model, the invented dose or figure and the drug or gene no cited sentence names.
 */

/**
 * A number as written, with the unit right after it when there is one: "2500 mg", "2,500mg", "12.5 %", "3 mmol/L",
 * "40 percent", and the compound adjective "500-mg group". The unit is a run of letters, µ/μ, % or "/" (one word).
 */
const NUMBER_WITH_UNIT =
  /(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:(?:\s*|-)(%|percent\b|[µμ]?[A-Za-z]+(?:\/[A-Za-z²0-9]+)*))?/g;

/**
 * Units (and unit-like words) a number may carry in a statement; a word after a number that is not one ("2 trials",
 * "3 patients") is not read as a unit. Source: our list of the mass, amount, volume, time and concentration units
 * abstracts state doses and results in.
 */
const UNITS = new Set(
  (
    "mg g kg µg μg ug mcg ng pg iu u units mmol µmol μmol nmol mol meq ml l dl µl μl mg/kg mg/day mg/d g/day " +
    "mg/kg/day mg/m2 mg/m² mmol/l mg/dl ng/ml pg/ml µg/ml μg/ml iu/ml u/l % percent h hr hours min minutes days " +
    "weeks months years wk mo y mmhg bpm"
  ).split(" "),
);

/**
 * Drug-name endings (INN stems: -mab monoclonal antibodies, -nib kinase inhibitors, -pril, -sartan, -statin, -olol,
 * -gliflozin, -gliptin, -formin, -azole, -mycin, -cillin, -floxacin, -prazole, -dipine, -parin, -vir, -tidine,
 * -setron, -triptan, -oxetine, -azepam, -lukast, -profen). Source: the WHO INN stem book's common stems.
 */
const DRUG_STEM = new RegExp(
  "(?:mab|nib|pril|sartan|statin|olol|gliflozin|gliptin|formin|azole|mycin|cillin|floxacin|prazole|dipine|parin|" +
    "vir|tidine|setron|triptan|oxetine|azepam|lukast|profen)$",
  "i",
);

/** Words that are capitalised in prose without naming anything the cited text must hold. */
const COMMON_CAPITALISED = new Set(
  (
    "the a an in on of for and or but with without this that these those it its their there however overall " +
    "moreover in addition both all no not one two three several some most many other others based according " +
    "studies study trials trial patients participants records record evidence results conclusion conclusions " +
    "methods background objective objectives abstract table figure group groups i we our"
  ).split(" "),
);

/** The words of a text, lower-cased, with hyphenated words also split ("IL-6" gives "il-6", "il" and "6"). */
function words(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}][\p{L}\p{N}\-α-ωΑ-Ω]*/gu)) {
    out.add(m[0]);
    for (const part of m[0].split("-")) if (part) out.add(part);
  }
  return out;
}

/** "2,500" → "2500", "2.50" → "2.5": the value of a number as digits, for comparison. */
function numberValue(raw: string): string {
  const n = Number(raw.replace(/,/g, ""));
  return Number.isFinite(n) ? String(n) : raw;
}

/** Time units written in the singular, as in "a 30-day course", read as their plural ("30 days"). */
const SINGULAR_TIME = new Map([
  ["hour", "hours"],
  ["minute", "minutes"],
  ["day", "days"],
  ["week", "weeks"],
  ["month", "months"],
  ["year", "years"],
]);

/**
 * The numbers of a text with their units (lower-cased, "percent" read as "%", a singular time unit as its plural;
 * "" when none is a known unit).
 */
function numbers(text: string): Array<{ raw: string; value: string; unit: string }> {
  const out: Array<{ raw: string; value: string; unit: string }> = [];
  for (const m of text.matchAll(NUMBER_WITH_UNIT)) {
    const written = (m[2] ?? "").toLowerCase().replace("percent", "%");
    const unitWord = SINGULAR_TIME.get(written) ?? written;
    out.push({ raw: m[0].trim(), value: numberValue(m[1]), unit: UNITS.has(unitWord) ? unitWord : "" });
  }
  return out;
}

/**
 * The named entities of a statement, as written: acronyms and symbols with capitals or digits inside ("BDNF",
 * "IL-6", "HbA1c", "SGLT2"), capitalised words that do not open the sentence ("… in Alzheimer disease"), and drug
 * names by their INN stem wherever they stand ("Metformin reverses …").
 */
export function namedEntities(statement: string): string[] {
  const out: string[] = [];
  const tokens = [...statement.matchAll(/[\p{L}][\p{L}\p{N}\-]*/gu)];
  tokens.forEach((m, i) => {
    const word = m[0].replace(/-+$/, "");
    const lower = word.toLowerCase();
    if (COMMON_CAPITALISED.has(lower) || word.length < 2) return;
    const opensSentence = i === 0 || /[.!?:]\s*$/.test(statement.slice(0, m.index));
    const symbol = /^\p{L}[\p{Ll}]*[\p{Lu}\p{N}]/u.test(word) && /[\p{Lu}]/u.test(word);
    const capitalised = /^\p{Lu}\p{Ll}/u.test(word) && !opensSentence;
    if (symbol || capitalised || (DRUG_STEM.test(lower) && lower.length > 5)) out.push(word);
  });
  return [...new Set(out)];
}

/**
 * What a statement names that its cited text does not: each number (with its unit when it has a known one: "2500 mg"
 * needs 2500 mg in the cited text, "2,500 mg" and "2500mg" count as the same), each percentage, and each named
 * entity ({@link namedEntities}; matched as a word, case-insensitive, or as the start of one: "statin" in
 * "statins"). "Reference 3" and "record 2" are the conversation's numbering, not figures. Empty when everything
 * specific is there. Numbers of list items and years are read as numbers too: a
 * year the cited text does not give is an invention as well.
 * @param statement the statement without its citations
 * @param cited the text of the sentences it cites, joined
 */
export function unsupportedSpecifics(statement: string, cited: string): string[] {
  const missing: string[] = [];
  const citedNumbers = numbers(cited);
  // "Reference 3" and "record 2" name the conversation's own numbering; "(1)", "2)" and "; 3." a list's items.
  const figures = statement
    .replace(/\b(?:references?|records?|refs?\.?|studies|study)\s+\d+(?:\s*(?:,|and)\s*\d+)*/gi, "")
    .replace(/(?:^|(?<=[\s;:,]))\(?\d{1,2}\)(?=\s)/g, "")
    .replace(/(?:^|(?<=[;:]\s*))\d{1,2}\.(?=\s|$)/g, "");
  for (const n of numbers(figures)) {
    const found = citedNumbers.some((c) => c.value === n.value && (n.unit === "" || c.unit === n.unit));
    if (!found) missing.push(n.raw);
  }
  const citedWords = words(cited);
  const citedLower = cited.toLowerCase();
  const citedCompact = citedLower.replace(/\s+/g, "");
  // The initials of the cited text's words, read once and only when an acronym needs them.
  let initials: string | undefined;
  const citedInitials = () => (initials ??= wordInitials(cited));
  const named = (entity: string): boolean => {
    const lower = entity.toLowerCase();
    if (citedWords.has(lower) || (lower.length >= 4 && citedCompact.includes(lower.replace(/\s+/g, "")))) return true;
    // A plural or an inflection in either text ("statins" for "statin", "AI" for "AIs").
    const stem = lower.replace(/(?:es|s)$/, "");
    return new RegExp(`\\b${escape(stem)}${stem.length >= 3 ? "" : "s?\\b"}`).test(citedLower);
  };
  for (const entity of namedEntities(statement)) {
    if (named(entity) || spelledOut(entity, citedInitials) || inflectedName(entity, cited)) continue;
    // A compound ("AD-related", "TUNEL-positive") is named when its named parts are.
    const parts = entity.split("-").filter((p) => namedEntities(`x ${p}`).length > 0);
    if (entity.includes("-") && parts.length > 0 && parts.every(named)) continue;
    missing.push(entity);
  }
  return missing;
}

/**
 * An acronym of three to six capitals is named when the cited text spells it out: consecutive words whose initials
 * are its letters ("GCB" for "gingival crevicular blood", "QOL" for "quality of life"). Two-letter acronyms are
 * not read this way: two initials match by chance in most abstracts.
 */
function spelledOut(entity: string, citedInitials: () => string): boolean {
  return /^[A-Z]{3,6}$/.test(entity) && citedInitials().includes(entity);
}

/** The first letter of each word of a text, upper-cased and joined ("Gingival crevicular blood" → "GCB"). */
function wordInitials(text: string): string {
  return [...text.matchAll(/[\p{L}][\p{L}\p{N}]*/gu)].map((m) => m[0][0].toUpperCase()).join("");
}

/**
 * A capitalised name is named by a capitalised word of the cited text that shares all but its last two letters, and
 * at least four: a country by its adjective ("Italy" by "Italian", "Sweden" by "Swedish", "Japan" by "Japanese").
 * Symbols (capitals or digits inside: "AQP3") are not: one character changes what they name.
 */
function inflectedName(entity: string, cited: string): boolean {
  if (!/^\p{Lu}\p{Ll}+$/u.test(entity) || entity.length < 5) return false;
  const stem = entity.slice(0, Math.max(4, entity.length - 2));
  return new RegExp(`\\b${escape(stem)}\\p{Ll}*`, "u").test(cited);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
