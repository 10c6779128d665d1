/**
 * Reads the Gene Ontology's biological-process terms and their recognisable forms (term names and
 * unambiguous synonyms) from GO.db's SQLite file (opened read-only), applying processFormRejection of
 * lib/vocabularies/form-rules.ts. Used by scripts/build-vocabularies.ts only.
 */
import Database from "better-sqlite3";
import { processFormRejection, synonymRejection } from "@/lib/vocabularies/form-rules";
import { foldedKey } from "@/lib/vocabularies/normalise";

/** GO biological-process terms and kept forms, with the reasons forms were dropped. */
export interface GoTables {
  processes: Array<[string, string]>;
  processForms: Array<[string, number]>;
  formsDropped: Record<string, number>;
  metadata: Record<string, string>;
}

/** GO ID of the biological-process root. */
const ROOT = "GO:0008150";

/**
 * Reads the GO tables. Term names are kept (unless processFormRejection drops them). GO.db mixes exact, broad,
 * narrow and related synonyms without their type, so a synonym is kept only when its folded key is no other
 * term's name and no other term's synonym ("necrosis" is a synonym of four terms and goes; "apoptosis" names
 * only "apoptotic process" and stays), passes synonymRejection, and is not a one-word variant of a term
 * dropped as an English word ("behaviour" of "behavior").
 * @param file path of GO.sqlite.
 * @param englishWords lower-case English words (see processFormRejection).
 */
export function readGoTables(file: string, englishWords: ReadonlySet<string>): GoTables {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const metadata = Object.fromEntries(
      (db.prepare("SELECT name, value FROM metadata").all() as Array<{ name: string; value: string }>).map((r) => [
        r.name,
        r.value,
      ]),
    );
    const terms = db
      .prepare("SELECT _id AS id, go_id AS go, term FROM go_term WHERE ontology = 'BP' ORDER BY go_id")
      .all() as Array<{ id: number; go: string; term: string }>;
    const indexOf = new Map(terms.map((t, i) => [t.id, i]));
    const rootRow = terms.find((t) => t.go === ROOT);
    const general = new Set<number>(
      rootRow
        ? (
            db.prepare("SELECT _id AS id FROM go_bp_parents WHERE _parent_id = ?").all(rootRow.id) as Array<{
              id: number;
            }>
          ).map((r) => r.id)
        : [],
    );
    if (rootRow) general.add(rootRow.id);

    const candidates: Array<[string, number, number]> = terms.map((t, i) => [t.term, i, t.id]);
    const synonyms = db
      .prepare(
        `SELECT s._id AS id, s.synonym AS synonym FROM go_synonym s JOIN go_term t ON t._id = s._id
         WHERE t.ontology = 'BP' AND s.like_go_id = 0`,
      )
      .all() as Array<{ id: number; synonym: string }>;
    for (const s of synonyms) {
      const index = indexOf.get(s.id);
      if (index !== undefined) candidates.push([s.synonym, index, s.id]);
    }
    const termOwner = new Map(terms.map((t, i) => [foldedKey(t.term), i]));
    const owners = new Map<string, Set<number>>();
    for (const [form, index] of candidates.slice(terms.length)) {
      const key = foldedKey(form);
      owners.set(key, (owners.get(key) ?? new Set()).add(index));
    }
    const processForms: Array<[string, number]> = [];
    const formsDropped: Record<string, number> = {};
    const seen = new Set<string>();
    const englishTerm = new Set<number>();
    for (const [n, [form, index, id]] of candidates.entries()) {
      const key = foldedKey(form);
      let reason: string | null = processFormRejection(form, englishWords, general.has(id));
      const synonym = n >= terms.length;
      if (!synonym && reason === "english-word") englishTerm.add(index);
      if (!reason && synonym) reason = synonymRejection(form, terms[index].term);
      if (!reason && synonym && englishTerm.has(index) && !/[\s-]/.test(form.trim())) reason = "english-word";
      if (!reason && synonym && (termOwner.get(key) ?? index) !== index) reason = "another-term";
      if (!reason && synonym && (owners.get(key)?.size ?? 0) > 1) reason = "shared";
      if (reason) {
        formsDropped[reason] = (formsDropped[reason] ?? 0) + 1;
        continue;
      }
      if (seen.has(`${key}|${index}`)) continue;
      seen.add(`${key}|${index}`);
      processForms.push([form, index]);
    }
    return { processes: terms.map((t): [string, string] => [t.go, t.term]), processForms, formsDropped, metadata };
  } finally {
    db.close();
  }
}
