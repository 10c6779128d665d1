/**
 * `npx tsx scripts/vocabularies/check-corpus-collisions.ts <PubTator files…>`: a precision check of the gene
 * and process recognisers on BC5CDR (Wei et al. 2016). Prints every mention that overlaps a gold Chemical or
 * Disease annotation, grouped by surface form, kind and overlap ("exact": the annotation covers the same span;
 * "partial": e.g. "tyrosine" inside "tyrosine hydroxylase"), with counts, then the total. Forms found here that are
 * chemical or
 * disease abbreviations (NDI, IVF …) belong in NON_GENE_FORMS of lib/vocabularies/form-rules.ts.
 * Needs the built lexicon (npm run vocab:build).
 */
import fs from "node:fs";
import { findGeneMentions, findProcessMentions, vocabulariesAvailable } from "@/lib/vocabularies";

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
    const found = [
      ...findGeneMentions(doc.text).map((m) => ({ ...m, label: `gene:${m.matchedBy}`, id: m.symbol })),
      ...findProcessMentions(doc.text).map((m) => ({ ...m, label: "process", id: m.goId })),
    ];
    for (const m of found) {
      mentions += 1;
      const hit = doc.spans.find((s) => s.start < m.end && m.start < s.end && s.type !== "Gene");
      if (!hit) continue;
      const exact = hit.start === m.start && hit.end === m.end ? "exact" : "partial";
      const key = `${m.text}\t${m.label}\t${exact}`;
      const prev = collisions.get(key) ?? { count: 0, symbol: m.id, type: hit.type };
      collisions.set(key, { ...prev, count: prev.count + 1 });
    }
  }
  const rows = [...collisions.entries()].sort((a, b) => b[1].count - a[1].count);
  for (const [key, v] of rows) console.log(`${v.count}\t${key}\t${v.symbol}\t${v.type}`);
  console.log(
    `gene and process mentions: ${mentions}; overlapping a chemical/disease annotation: ` +
      `${rows.reduce((n, [, v]) => n + v.count, 0)}`,
  );
}

main(process.argv.slice(2));
