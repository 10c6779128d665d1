import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  findGeneMentions,
  findProcessMentions,
  geneProcesses,
  genePathways,
  loadLexicon,
  recogniseGene,
  recogniseProcess,
  resetVocabularies,
  vocabulariesAvailable,
} from "@/lib/vocabularies";
import type { LexiconMeta } from "@/lib/vocabularies/lexicon-format";

const root = path.resolve(import.meta.dirname, "../../..");
const metaFile = path.join(root, "data", "vocabularies", "meta.json");
const readMeta = () => JSON.parse(fs.readFileSync(metaFile, "utf8")) as LexiconMeta;

describe("npm run vocab:build", () => {
  it("records sources, licences and counts", () => {
    const meta = readMeta();
    expect(meta.sources.map((s) => s.package)).toEqual([
      "r-bioc-org.hs.eg.db 3.16.0-1",
      "r-bioc-go.db 3.16.0-1",
      "wamerican 2020.12.07-2",
    ]);
    expect(meta.sources[0].content).toContain(
      "NCBI Gene (Entrez Gene) human genes, symbols, aliases and names, 2022-Sep12",
    );
    expect(meta.sources[0].licence).toContain("Artistic-2.0");
    expect(meta.sources[0].licence).toContain("GO annotations: CC BY 4.0");
    expect(meta.sources[1].content).toContain("go-basic.obo), 2022-07-01");
    expect(meta.sources[1].licence).toContain("Gene Ontology content: CC BY 4.0");
    // Counts fixed by the source packages (human protein-coding genes; GO BP terms; links).
    expect(meta.counts).toMatchObject({
      genes: 20598,
      goProcesses: 28140,
      geneGoLinks: 135849,
      geneKeggLinks: 16272,
      keggPathways: 229,
    });
    // Counts that depend on the precision rules.
    expect(meta.counts.aliasesKept).toBeGreaterThan(40000);
    expect(meta.counts.aliasesDropped).toBeGreaterThan(9000);
    expect(meta.counts.goProcessForms).toBeGreaterThan(80000);
    expect(meta.stamp).toMatch(/^[0-9a-f]{16}$/);
    expect(loadLexicon()?.meta.stamp).toBe(meta.stamp);
  });

  it("keeps the lexicon small", () => {
    expect(fs.statSync(path.join(root, "data", "vocabularies", "lexicon.json.gz")).size).toBeLessThan(4_000_000);
  });

  it("skips the work when the lexicon is current", () => {
    const build = () =>
      execFileSync(
        process.execPath,
        [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/build-vocabularies.ts"],
        {
          cwd: root,
          encoding: "utf8",
        },
      );
    build(); // rebuilds only if the rule sources changed since the last build
    const before = readMeta().builtAt;
    expect(build()).toMatch(/is current \(stamp [0-9a-f]{16}\); --force rebuilds/);
    expect(readMeta().builtAt).toBe(before);
  }, 120_000);
});

describe("without a lexicon", () => {
  const saved = process.env.CRITICA_VOCABULARIES_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.CRITICA_VOCABULARIES_DIR;
    else process.env.CRITICA_VOCABULARIES_DIR = saved;
    resetVocabularies();
  });

  it("returns empty results and never throws", () => {
    process.env.CRITICA_VOCABULARIES_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "critica-vocab-"));
    resetVocabularies();
    expect(vocabulariesAvailable()).toBe(false);
    expect(recogniseGene("AQP2")).toBeNull();
    expect(findGeneMentions("AQP2 and p53")).toEqual([]);
    expect(recogniseProcess("apoptosis")).toBeNull();
    expect(findProcessMentions("apoptosis")).toEqual([]);
    expect(geneProcesses("359")).toEqual([]);
    expect(genePathways("5743")).toEqual([]);
  });
});
