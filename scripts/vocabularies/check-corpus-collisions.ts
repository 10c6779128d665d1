/**
 * `npx tsx scripts/vocabularies/check-corpus-collisions.ts <PubTator files…>`: a precision check of the gene
 * recogniser on BC5CDR (Wei et al. 2016). Prints every gene mention that overlaps a gold Chemical or Disease
 * annotation, grouped by surface form with counts, then the total. Forms found here that are chemical or
 * disease abbreviations (NDI, IVF …) belong in NON_GENE_FORMS of lib/vocabularies/form-rules.ts.
 * Needs the built lexicon (npm run vocab:build).
 */
import fs from "node:fs";
import { findGeneMentions, vocabulariesAvailable } from "../../lib/vocabularies";

interface Doc {
  text: string;
  spans: Array<{ start: number; end: number; type: string }>;
}

function readPubTator(file: string): Doc[] {
  const docs: Doc[] = [];
  for (const block of fs.readFileSync(file, "utf8").split(/\n\s*\n/)) {
    const lines = block.split("\n").filter(Boolean);
    const title = lines.find((l) => /^\d+\|t\|/.test(l))?.split("|t|")[1] ?? "";
    const abstract = lines.find((l) => /^\d+\|a\|/.test(l))?.split("|a|")[1] ?? "";
    const spans = lines
      .map((l) => l.split("\t"))
      .filter((f) => f.length >= 5 && /^\d+$/.test(f[1]))
      .map((f) => ({ start: Number(f[1]), end: Number(f[2]), type: f[4] }));
    if (title || abstract) docs.push({ text: `${title} ${abstract}`, spans });
  }
  return docs;
}

function main(files: string[]): void {
  if (!vocabulariesAvailable()) throw new Error("no lexicon: run npm run vocab:build");
  const collisions = new Map<string, { count: number; symbol: string; type: string }>();
  let mentions = 0;
  for (const doc of files.flatMap(readPubTator)) {
    for (const m of findGeneMentions(doc.text)) {
      mentions += 1;
      const hit = doc.spans.find((s) => s.start < m.end && m.start < s.end && s.type !== "Gene");
      if (!hit) continue;
      const key = `${m.text}\t${m.matchedBy}`;
      const prev = collisions.get(key) ?? { count: 0, symbol: m.symbol, type: hit.type };
      collisions.set(key, { ...prev, count: prev.count + 1 });
    }
  }
  const rows = [...collisions.entries()].sort((a, b) => b[1].count - a[1].count);
  for (const [key, v] of rows) console.log(`${v.count}\t${key}\t${v.symbol}\t${v.type}`);
  console.log(`gene mentions: ${mentions}; overlapping a chemical/disease annotation: ${rows.reduce((n, [, v]) => n + v.count, 0)}`);
}

main(process.argv.slice(2));
