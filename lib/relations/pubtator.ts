import type { RelationDocument, RelationMention } from "./types";

/** One BioCreative V CDR record: the document, its PMID and its gold CID relations (chemical MeSH, disease MeSH). */
export interface CdrRecord {
  pmid: string;
  document: RelationDocument;
  relations: Array<[chemicalId: string, diseaseId: string]>;
}

/**
 * Parses PubTator text (BioCreative V CDR distribution): `PMID|t|title`, `PMID|a|abstract`, mention lines
 * `PMID\tstart\tend\ttext\tChemical|Disease\tMeSH` (offsets into `title + " " + abstract`; a 7th column with
 * the parts of a composite mention is ignored) and relation lines `PMID\tCID\tchemical\tdisease`.
 * Mentions keep the gold ID verbatim ("-1" and composite "D1|D2" included); callers decide how to treat them.
 * @returns records in file order.
 */
export function parsePubtator(text: string): CdrRecord[] {
  const records: CdrRecord[] = [];
  let current: CdrRecord | null = null;
  for (const line of text.split("\n")) {
    const header = /^(\d+)\|([ta])\|(.*)$/.exec(line);
    if (header) {
      const [, pmid, kind, body] = header;
      if (!current || current.pmid !== pmid) {
        current = { pmid, document: { title: "", abstract: "", mentions: [] }, relations: [] };
        records.push(current);
      }
      if (kind === "t") current.document.title = body;
      else current.document.abstract = body;
      continue;
    }
    const cols = line.split("\t");
    if (!current || cols[0] !== current.pmid) continue;
    if (cols[1] === "CID" && cols.length >= 4) {
      current.relations.push([cols[2], cols[3]]);
    } else if (cols.length >= 6) {
      const type = cols[4] === "Chemical" ? "chemical" : cols[4] === "Disease" ? "disease" : null;
      if (!type) continue;
      const mention: RelationMention = {
        start: Number(cols[1]),
        end: Number(cols[2]),
        text: cols[3],
        type,
        id: cols[5],
      };
      current.document.mentions.push(mention);
    }
  }
  return records;
}

/**
 * The concept IDs a gold mention stands for, by the standard CDR evaluation practice: "-1" (no MeSH ID)
 * gives none, a composite "D1|D2" gives each part.
 */
export function mentionIds(id: string): string[] {
  return id.split("|").filter((part) => part !== "" && part !== "-1");
}
