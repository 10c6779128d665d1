import { recordUrl } from "@/lib/evidence/identity";
import { type Entity, type Evidence, type SourceId } from "@/lib/domain/evidence";

/** Thrown when a PubTator file is not in the PubTator text format; nothing of it should be imported. */
export class PubTatorFormatError extends Error {}

const TITLE_OR_ABSTRACT = /^(\d+)\|([ta])\|(.*)$/;

interface Draft {
  pmid: string;
  title: string;
  abstract: string;
  mentions: Array<{ text: string; type: string; id: string }>;
}

/**
 * Parses PubTator text (BioCreative V CDR format): per document a `PMID|t|title` line, a `PMID|a|abstract`
 * line, tab-separated mention lines `PMID start end text Chemical|Disease|Gene MeSH-ID` and relation lines
 * `PMID CID chemical disease`, documents separated by blank lines.
 * Mentions become deduplicated entities keyed by MeSH ID (or lower-cased text when the ID is "-1"); the
 * entity's name is its most frequent surface form. A composite ID ("D006470|D009205" for "haemorrhagic myocarditis",
 * a mention of two concepts) is kept whole, as the relation model was trained on it: a mention of each part.
 * @returns one Evidence per document, in file order, with `citation.source = source`.
 * @throws PubTatorFormatError on a line that fits none of the three shapes, or a document without a title.
 */
export function parsePubTator(text: string, source: SourceId = "local"): Evidence[] {
  const drafts = new Map<string, Draft>();
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    const ta = TITLE_OR_ABSTRACT.exec(line);
    if (ta) {
      const draft = draftFor(drafts, ta[1]);
      if (ta[2] === "t") draft.title = ta[3].trim();
      else draft.abstract = ta[3].trim();
      return;
    }
    const cols = line.split("\t");
    if (cols.length === 4 && cols[1] === "CID") return; // chemical-induced-disease relation: not needed here
    if (cols.length >= 6 && /^\d+$/.test(cols[0]) && /^\d+$/.test(cols[1])) {
      draftFor(drafts, cols[0]).mentions.push({ text: cols[3], type: cols[4], id: cols[5] });
      return;
    }
    throw new PubTatorFormatError(`line ${index + 1} is not PubTator: ${line.slice(0, 80)}`);
  });
  return [...drafts.values()].map((d) => {
    if (!d.title) throw new PubTatorFormatError(`PMID ${d.pmid} has no title line`);
    return toEvidence(d, source);
  });
}

function draftFor(drafts: Map<string, Draft>, pmid: string): Draft {
  let draft = drafts.get(pmid);
  if (!draft) {
    draft = { pmid, title: "", abstract: "", mentions: [] };
    drafts.set(pmid, draft);
  }
  return draft;
}

function toEvidence(d: Draft, source: SourceId): Evidence {
  const ids = { pmid: d.pmid, doi: null, pmcid: null, nctId: null };
  return {
    id: `pmid:${d.pmid}`,
    citation: {
      source,
      ...ids,
      title: d.title,
      authors: [],
      journal: null,
      year: null,
      url: recordUrl(ids),
      publicationTypes: [],
      meshTerms: [],
      abstract: d.abstract,
    },
    relevance: 0,
    entities: groupMentions(d.mentions),
    preprint: false,
    trial: null,
  };
}

function groupMentions(mentions: Draft["mentions"]): Entity[] {
  const groups = new Map<string, { type: Entity["type"]; meshId: string | null; forms: Map<string, number> }>();
  for (const m of mentions) {
    const type = m.type.toLowerCase() === "disease" ? "disease" : m.type.toLowerCase() === "gene" ? "gene" : "chemical";
    const ids = m.id.split(/[|;]/).filter((id) => id !== "" && id !== "-1");
    const meshId = ids.length > 0 ? ids.join("|") : null;
    const key = `${type}:${meshId ?? m.text.toLowerCase()}`;
    let g = groups.get(key);
    if (!g) {
      g = { type, meshId, forms: new Map() };
      groups.set(key, g);
    }
    g.forms.set(m.text, (g.forms.get(m.text) ?? 0) + 1);
  }
  return [...groups.values()].map((g) => ({
    name: [...g.forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0],
    type: g.type,
    meshId: g.meshId,
  }));
}
