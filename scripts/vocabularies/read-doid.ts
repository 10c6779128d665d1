/**
 * Reads the Human Disease Ontology's OBO file (doid.obo, OBO 1.2; offline ../shared/vocab/doid-2016-09-01.obo, online
 * the current release at a URL): each live term's name, EXACT synonyms, MeSH cross-references and is_a parents.
 * Used by scripts/vocabularies/build-concepts.ts only.
 */

/** One live (not obsolete) DO term. */
export interface DoTerm {
  id: string;
  name: string;
  /** EXACT synonyms ("myxoedema"); RELATED, NARROW and BROAD ones are not the same concept. */
  synonyms: string[];
  /** MeSH descriptor IDs of `xref: MESH:D…` lines (supplementary C… records are left out). */
  mesh: string[];
  /** is_a parents' DOIDs. */
  parents: string[];
}

/** The DO release of a file, from its `data-version: releases/2016-09-01` header ("" when it has none). */
export function doRelease(obo: string): string {
  return /^data-version:\s*(?:releases\/)?(\S+)/m.exec(obo)?.[1] ?? "";
}

/** The live terms of an OBO file, in file order. */
export function parseDoid(obo: string): DoTerm[] {
  const terms: DoTerm[] = [];
  for (const stanza of obo.split(/\n(?=\[)/)) {
    if (!stanza.startsWith("[Term]")) continue;
    const term: DoTerm = { id: "", name: "", synonyms: [], mesh: [], parents: [] };
    let obsolete = false;
    for (const line of stanza.split("\n")) {
      const colon = line.indexOf(": ");
      if (colon < 0) continue;
      const key = line.slice(0, colon);
      const value = line.slice(colon + 2).trim();
      if (key === "id") term.id = value;
      else if (key === "name") term.name = value;
      else if (key === "is_obsolete") obsolete = value === "true";
      else if (key === "is_a") term.parents.push(value.split(/\s/)[0]);
      else if (key === "xref" && /^MESH:D\d+$/.test(value)) term.mesh.push(value.slice(5));
      else if (key === "synonym") {
        const m = /^"((?:[^"\\]|\\.)*)"\s+EXACT\b/.exec(value);
        if (m) term.synonyms.push(m[1].replace(/\\"/g, '"').trim());
      }
    }
    if (term.id && term.name && !obsolete) terms.push(term);
  }
  return terms;
}
