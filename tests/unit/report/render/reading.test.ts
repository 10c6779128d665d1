import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { highlightPassage } from "@/lib/report/render/highlight";
import { mergeRepeated, mergeRepeatedLines } from "@/lib/report/render/merge-lines";
import { plainWords } from "@/lib/report/render/plain-words";
import { proseBlocks, quoteSource, readingProse } from "@/lib/report/render/quoted-prose";
import { referenceFromEvidence } from "@/lib/grounding/references";
import { researchFlowLayout, wrapText } from "@/lib/report/render/flow-diagram-layout";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { FIXTURES } from "@/tests/support/temp-database";

// Real records: PubMed efetch records as a report cites them.
const records = parsePubmedXml(
  fs.readFileSync(path.join(FIXTURES, "pubmed/efetch_pharmacology_25records_ASSEMBLED.xml"), "utf8"),
);
const references = records.slice(0, 2).map((e, i) => referenceFromEvidence(e, i + 1));
const texts = new Map(records.map((e) => [e.id, `${e.citation.title} ${e.citation.abstract}`]));
const ERGO =
  "Ergothioneine (ERG) is an unusual thio-histidine betaine amino acid that has potent antioxidant activities.";

describe("report prose as the reader reads it", () => {
  it("sets a sentence an abstract holds as written as a quotation, and keeps Critica's own sentences as prose", () => {
    const prose = `2 records were reviewed. ${ERGO.replace(/\.$/, " [1].")} Ergothioneine may matter for health [1].`;
    expect(proseBlocks(prose, references, texts)).toEqual([
      { kind: "text", text: "2 records were reviewed." },
      { kind: "quote", text: ERGO, numbers: [1] },
      { kind: "text", text: "Ergothioneine may matter for health [1]." },
    ]);
    expect(readingProse(prose, references, texts)).toBe(
      `2 records were reviewed.\n\n> “${ERGO}” [1]\n>\n> — Borodina I et al., Nutrition research reviews, ` +
        `2020\n\nErgothioneine may matter for health [1].`,
    );
  });

  it("names a quotation's source by its title when the record has no authors, journal or year", () => {
    expect(quoteSource({ ...references[0], authors: [], journal: null, year: null })).toBe(
      "The biology of ergothioneine, an antioxidant nutraceutical.",
    );
  });

  it("merges identical lines and lines of one template that differ in one short part", () => {
    const gaps = [
      "No gene or protein target links cisapride to torsade de pointes in sentences of the 40 records reviewed.",
      "No gene or protein target links sotalol to torsade de pointes in sentences of the 40 records reviewed.",
      "Only one record links AQP2 to polyuria.",
      "No gene or protein target links dofetilide to torsade de pointes in sentences of the 40 records reviewed.",
      "Only one record links AQP2 to polyuria.",
    ];
    expect(mergeRepeatedLines(gaps)).toEqual([
      "No gene or protein target links cisapride, sotalol and dofetilide to torsade de pointes in sentences of " +
        "the 40 records reviewed.",
      "Only one record links AQP2 to polyuria.",
    ]);
    expect(mergeRepeated(gaps).map((l) => l !== null)).toEqual([true, false, true, false, false]);
  });

  it("puts internal names in plain words", () => {
    expect(
      plainWords(
        "Mechanism 5/10 + clinical 4/10 = 9: not yet sufficient by DeepCritical's rule (combined score ≥ 12, a " +
          "drug candidate, mechanism score ≥ 6).",
      ),
    ).toBe(
      "Mechanism 5/10 + clinical 4/10 = 9: not yet sufficient (the evidence suffices at a combined score ≥ 12 " +
        "with a drug candidate and a mechanism score ≥ 6).",
    );
    expect(plainWords("cocaine → myocardial ischemia: causes (P(CID) 0.86)")).toBe(
      "cocaine → myocardial ischemia: causes",
    );
    expect(plainWords("cocaine → myocardial ischemia: causes (relation probability 0.86)")).toBe(
      "cocaine → myocardial ischemia: causes",
    );
    expect(
      plainWords(
        "Read as “Cocaine does not cause diseases of the heart”; the relation model (trained on BC5CDR) read " +
          "each document for cocaine and a disease of the heart",
      ),
    ).toBe(
      "Read as “Cocaine does not cause diseases of the heart”; a relation model trained on expert-annotated " +
        "abstracts read each document for cocaine and a disease of the heart",
    );
    expect(plainWords("Reviewed 58 records: 4 animal studies, 1 unclassified record")).toBe(
      "Reviewed 58 records: 4 animal studies, 1 record without a study design",
    );
    expect(plainWords("40 by keyword search; the HyDE search needs a language model")).toBe(
      "40 by keyword search; the search by example abstracts needs a language model",
    );
  });

  it(
    "marks the cited sentence in the abstract, whatever quotation marks, marker and source line the citing text " +
      "carries",
    () => {
      const abstract = records[0].citation.abstract;
      const pieces = highlightPassage(abstract, `“${ERGO}” [1] — Borodina I et al., 2020`);
      expect(pieces.filter((p) => p.marked).map((p) => p.text)).toEqual([ERGO.replace(/\.$/, "")]);
      expect(pieces.map((p) => p.text).join("")).toBe(abstract);
      expect(highlightPassage(abstract, "A sentence of Critica's own about something else entirely [1].")).toEqual([
        { text: abstract, marked: false },
      ]);
    },
  );
});

describe("the PRISMA diagram's text fits its boxes", () => {
  it("wraps a line longer than its box at spaces, keeping the words", () => {
    expect(wrapText("Removed before screening (n = 37)", 150, 7.9)).toEqual(["Removed before ", "screening (n = 37)"]);
  });

  it("makes every row tall enough for its rotated stage label and every line narrower than its box", () => {
    const layout = researchFlowLayout({
      identified: { local: 88, pubmed: 120 },
      identifiedByIteration: [],
      duplicatesRemoved: 37,
      removedBeforeScreening: [
        { reason: "over the run's evidence cap, the least relevant records of the last searches", n: 12 },
      ],
      screened: 159,
      // With the full-text row, whose stage label ("Full text") and boxes must fit as well.
      readInFull: 12,
      excluded: [{ reason: "does not bear on the question", n: 100 }],
      included: 59,
      cited: 5,
    });
    for (const s of layout.stages) expect(s.label.length * 6.6).toBeLessThanOrEqual(s.height);
    for (const b of layout.boxes) {
      expect(b.titleRows.join("")).toBe(b.title);
      for (const row of b.lineRows) expect(row.trimEnd().length * 7.2).toBeLessThanOrEqual(b.width - 20);
      expect(20 + 18 * (b.titleRows.length + b.lineRows.length)).toBeLessThanOrEqual(b.height);
    }
  });
});

describe("a quotation after Critica's lead", () => {
  it("is set apart from the lead (“…, the records say: <sentence> [n].”); a quoted title is named so", () => {
    const prose =
      `On ergothioneine, the records say: ${ERGO.replace(/\.$/, " [1].")} The biology of ergothioneine, an ` +
      `antioxidant nutraceutical [1].`;
    expect(proseBlocks(prose, references, texts)).toEqual([
      { kind: "text", text: "On ergothioneine, the records say:" },
      { kind: "quote", text: ERGO, numbers: [1] },
      { kind: "quote", text: "The biology of ergothioneine, an antioxidant nutraceutical.", numbers: [1] },
    ]);
    expect(quoteSource(references[0], "The biology of ergothioneine, an antioxidant nutraceutical.")).toBe(
      "the title of Borodina I et al., Nutrition research reviews, 2020",
    );
    expect(
      quoteSource(
        { ...references[0], authors: [], journal: null, year: null },
        "The biology of ergothioneine, an antioxidant nutraceutical.",
      ),
    ).toBe("the record's title");
  });
});
