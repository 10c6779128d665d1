/**
 * Reads MeSH from NLM's own files at a configurable address (`npm run vocab:build -- --online`): the descriptors
 * desc<year>.gz (gzipped XML: names, entry terms with lexical tags, tree numbers, pharmacological actions), the
 * pharmacological actions pa<year>.xml (which also list supplementary concept records) and the trees
 * mtrees<year>.bin ("Name;TreeNumber" lines). The XML is read as it streams in, one record at a time (desc2024 is
 * about 300 MB unpacked). Used by scripts/vocabularies/build-concepts.ts only.
 */
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createGunzip } from "node:zlib";
import { XMLParser } from "fast-xml-parser";
import { VocabularyBuildError } from "./debian-packages";
import { addAction, addLevel1Trees, type MeshDescriptor, type MeshTables } from "./mesh-tables";

/** NLM's MeSH download folder (override with CRITICA_MESH_URL, e.g. a mirror or a local server). */
export const NLM_MESH_URL = "https://nlmpubs.nlm.nih.gov/projects/mesh/MESH_FILES";

/** The three files of one MeSH year under the download folder. */
export function meshFileUrls(base: string, year: string): { desc: string; pa: string; trees: string } {
  const root = base.replace(/\/+$/, "");
  return {
    desc: `${root}/xmlmesh/desc${year}.gz`,
    pa: `${root}/xmlmesh/pa${year}.xml`,
    trees: `${root}/meshtrees/mtrees${year}.bin`,
  };
}

const LISTS = new Set(["TreeNumber", "PharmacologicalAction", "Concept", "Term", "Substance"]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

type Node = Record<string, unknown>;
const node = (v: unknown): Node => (typeof v === "object" && v !== null ? (v as Node) : {});
const items = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const list = (v: unknown): Node[] => items(v).map(node);
const text = (v: unknown): string =>
  typeof v === "string" ? v : typeof node(v)["#text"] === "string" ? (node(v)["#text"] as string) : "";
const nameOf = (v: unknown) => text(node(v).String);

/** The response body of `url` as text chunks (gunzipped when the address ends in .gz). */
async function* fetchText(url: string): AsyncGenerator<string> {
  const response = await fetch(url).catch((error: unknown) => {
    throw new VocabularyBuildError(`cannot reach ${url}: ${(error as Error).message}`);
  });
  if (!response.ok || !response.body) throw new VocabularyBuildError(`${url}: HTTP ${response.status}`);
  const raw = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  const body = url.endsWith(".gz") ? raw.pipe(createGunzip()) : raw;
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of body) yield decoder.decode(chunk as Buffer, { stream: true });
  yield decoder.decode();
}

/** The `<element>…</element>` records of a streamed XML document, each parsed alone. */
async function* records(url: string, element: string): AsyncGenerator<Node> {
  // "<PharmacologicalAction>" must not be taken for "<PharmacologicalActionSubstanceList>": the name ends the tag.
  const opens = [`<${element}>`, `<${element} `];
  const close = `</${element}>`;
  let buffer = "";
  for await (const chunk of fetchText(url)) {
    buffer += chunk;
    for (let end = buffer.indexOf(close); end >= 0; end = buffer.indexOf(close)) {
      const start = Math.max(...opens.map((o) => buffer.lastIndexOf(o, end)));
      const xml = buffer.slice(start, end + close.length);
      buffer = buffer.slice(end + close.length);
      if (start >= 0) yield list(parser.parse(xml)[element])[0];
    }
  }
}

function descriptorOf(record: Node): MeshDescriptor {
  const terms = list(node(record.ConceptList).Concept).flatMap((c) =>
    list(node(c.TermList).Term).map((t) => ({
      text: text(t.String),
      tag: String(t["@_LexicalTag"] ?? "NON"),
      permuted: t["@_IsPermutedTermYN"] === "Y",
    })),
  );
  return {
    ui: text(record.DescriptorUI),
    name: nameOf(record.DescriptorName),
    trees: items(node(record.TreeNumberList).TreeNumber).map(text).filter(Boolean),
    terms,
  };
}

/**
 * MeSH of `year` read from NLM's files under `base` (see {@link meshFileUrls}).
 * @throws VocabularyBuildError when a file cannot be fetched or holds no records.
 */
export async function readMeshXml(base: string, year: string): Promise<MeshTables> {
  const urls = meshFileUrls(base, year);
  const descriptors = new Map<string, MeshDescriptor>();
  const actions = new Map<string, string[]>();
  for await (const record of records(urls.desc, "DescriptorRecord")) {
    const d = descriptorOf(record);
    if (!d.ui) continue;
    descriptors.set(d.ui, d);
    for (const pa of list(node(record.PharmacologicalActionList).PharmacologicalAction))
      addAction(actions, d.ui, text(node(pa.DescriptorReferredTo).DescriptorUI));
  }
  if (descriptors.size === 0) throw new VocabularyBuildError(`${urls.desc}: no DescriptorRecord`);
  for await (const record of records(urls.pa, "PharmacologicalAction")) {
    const action = text(node(record.DescriptorReferredTo).DescriptorUI);
    for (const s of list(node(record.PharmacologicalActionSubstanceList).Substance))
      if (action) addAction(actions, text(s.RecordUI), action);
  }
  const level1 = new Map<string, string>();
  let trees = "";
  for await (const chunk of fetchText(urls.trees)) trees += chunk;
  const byName = new Map([...descriptors.values()].map((d) => [d.name, d]));
  for (const line of trees.split("\n")) {
    const [name, tree] = line.trim().split(";");
    if (!name || !tree) continue;
    if (!tree.includes(".")) level1.set(tree, name);
    const d = byName.get(name);
    if (d && !d.trees.includes(tree)) d.trees.push(tree);
  }
  const tables: MeshTables = { year, descriptors, actions, level1, read: Object.values(urls) };
  addLevel1Trees(tables);
  return tables;
}
