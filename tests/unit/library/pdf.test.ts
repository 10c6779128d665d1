import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { articleDocumentSchema, type ArticleDocument } from "@/lib/domain/fulltext";
import { PdfArticleError, readPdfArticle } from "@/lib/library/pdf/article";
import { PdfReadError } from "@/lib/library/pdf/extract";
import { joinLines, repairText, vocabularyOf } from "@/lib/library/pdf/words";
import { parseJats } from "@/lib/sources/parse/jats";
import { wordSimilarity } from "@/lib/text/word-similarity";
import { fixturePath, readFixture } from "@/tests/support/fixtures";
import { buildPdf, scannedPage } from "@/tests/support/pdf-files";

// Expected values were read from the PDFs (pdftotext and a viewer) and their JATS twins, not from this reader.

const read = (name: string) => readPdfArticle(new Uint8Array(fs.readFileSync(fixturePath(`fulltext/pdf/${name}`))));
const body = (doc: ArticleDocument) =>
  doc.passages
    .filter((p) => p.kind === "paragraph")
    .map((p) => p.text)
    .join(" ");

describe("readPdfArticle on a Hindawi case report (PMC4738914.pdf)", async () => {
  const doc = await read("PMC4738914.pdf");

  it("reads the front matter: title, DOI, year, pages, licence sentence and abstract", () => {
    expect(articleDocumentSchema.parse(doc)).toEqual(doc);
    expect(doc.title).toBe(
      "Probable Levofloxacin-Induced Thrombocytopenia in a Patient Previously on Ciprofloxacin: " +
        "A Case Report and Literature Review",
    );
    expect([doc.doi, doc.year, doc.pages, doc.pmid, doc.pmcid]).toEqual(["10.1155/2016/2860645", 2016, 3, null, null]);
    expect(doc.licence).toEqual({
      text:
        "This is an open access article distributed under the Creative Commons Attribution License, which permits " +
        "unrestricted use, distribution, and reproduction in any medium, provided the original work is properly cited.",
      url: null,
      name: "CC BY",
    });
    expect(doc.abstract).toMatch(/^Drug-induced thrombocytopenia is a poorly understood, yet common phenomenon/);
  });

  it("reads the body as paragraphs with their page and section, hyphenation undone, powers of ten kept", () => {
    const [first, second] = doc.passages;
    expect(first).toMatchObject({ id: "pdf·page1·1", page: 1, section: "1. Case", sectionType: "case-report" });
    // "intol-|erance" and "gas-|trointestinal" were broken at line ends; "fluoroquinolone-induced" is a compound.
    expect(first.text).toContain(
      "The patient developed gastrointestinal intolerance and was switched to oral levofloxacin, 500 mg daily, one " +
        "week prior to admission, which did not improve his gastrointestinal symptoms.",
    );
    expect(second.text).toMatch(/^Laboratory results revealed a platelet count on admission of 128\.0 × 10\^9\/L/);
    expect(doc.passages.find((p) => p.section === "2. Denouement")?.text).toMatch(
      /^We diagnosed this patient with probable fluoroquinolone-induced thrombocytopenia/,
    );
    expect(doc.passages.find((p) => p.id === "pdf·figure1")).toMatchObject({ kind: "caption", page: 2 });
  });

  it("leaves out running heads, the masthead and the reference list", () => {
    const text = doc.passages.map((p) => p.text).join("\n");
    expect(text).not.toContain("Case Reports in Medicine");
    expect(text).not.toContain("Hindawi Publishing Corporation");
    expect(doc.passages.at(-1)?.section).toBe("Conflict of Interests");
    expect(text).not.toMatch(/\[1\] [A-Z][a-z]+ [A-Z]{1,2}\./);
  });
});

describe("PDF text against the JATS text of the same five articles", () => {
  it.each(["PMC4738914", "PMC4745305", "PMC4736379", "PMC4707348", "PMC4737013"])(
    "%s: paragraph text agrees word for word (sequence similarity ≥ 0.96), titles and abstracts are equal",
    async (id) => {
      const jats = parseJats(readFixture(`fulltext/europepmc/${id}.fullTextXML.xml`));
      const pdf = await read(`${id}.pdf`);
      const similarity = wordSimilarity(body(jats), body(pdf));
      expect(similarity.sequence).toBeGreaterThanOrEqual(0.96);
      expect(similarity.recall).toBeGreaterThanOrEqual(0.99);
      expect(wordSimilarity(jats.abstract, pdf.abstract).sequence).toBe(1);
      expect(wordSimilarity(jats.title, pdf.title).sequence).toBe(1);
      expect(pdf.doi).toBe(jats.doi);
    },
  );
});

describe("readPdfArticle on BioMed Central layouts", () => {
  it("Trials 16:2: unnumbered headings, the abstract after its label, the licence with its URL", async () => {
    const doc = await read("Trials-2015-16-2_10.1186-1745-6215-16-2.pdf");
    expect(doc.abstract).toMatch(/^Background: Medications are an effective intervention/);
    expect(doc.licence.url).toBe("http://creativecommons.org/licenses/by/4.0");
    expect(doc.licence.name).toBe("CC BY 4.0");
    expect(doc.passages[0]).toMatchObject({ section: "Background", sectionType: "introduction", page: 2 });
    expect(doc.passages.some((p) => p.section === "Methods/design" && p.sectionType === "methods")).toBe(true);
    // Numbered questions in bold are a list, not headings.
    expect(doc.passages.some((p) => p.section?.startsWith("4. Would you like"))).toBe(false);
  });

  it("an excerpt that is mostly references: body size from the text, DOI from the document information", async () => {
    const doc = await read("JTraumaManagOutcomes-2010-4-1_10.1186-1752-2897-4-1.pdf");
    expect(doc.doi).toBe("10.1186/1752-2897-4-1");
    expect(doc.passages[0]).toMatchObject({ section: "Introduction", sectionType: "introduction" });
    expect(doc.passages.some((p) => /Geerts WH, Jay RM/.test(p.text))).toBe(false);
  });
});

describe("readPdfArticle refuses what it cannot read, with the reason", () => {
  it("a PDF without a text layer", async () => {
    const pdf = await buildPdf((doc) => {
      scannedPage(doc);
      doc.addPage();
      scannedPage(doc);
    });
    await expect(readPdfArticle(pdf)).rejects.toThrow(
      new PdfArticleError("no-text", "no text layer: scanned PDFs need OCR, which Critica does not do"),
    );
  });

  it("an encrypted PDF", async () => {
    const pdf = await buildPdf((doc) => doc.text("A secret article. ".repeat(200)), { userPassword: "secret" });
    await expect(readPdfArticle(pdf)).rejects.toThrow(
      new PdfReadError("encrypted", "encrypted: the PDF needs a password to open"),
    );
  });

  it("a PDF with too little text to be an article", async () => {
    const pdf = await buildPdf((doc) =>
      doc.text(`Invoice number 12345. ${"Total due on receipt, thank you. ".repeat(6)}`),
    );
    await expect(readPdfArticle(pdf)).rejects.toThrow("not an article: only 39 words of text");
  });

  it("a file that is not a PDF", async () => {
    await expect(readPdfArticle(new TextEncoder().encode("<article>not a pdf</article>"))).rejects.toThrow(
      /^not a readable PDF: /,
    );
  });
});

describe("line joining and text repair", () => {
  const vocabulary = vocabularyOf([
    "the topiramate dose",
    "a fluoroquinolone-",
    "induced case",
    "first and generation",
  ]);
  it("undoes hyphenation at line ends and keeps compounds", () => {
    expect(joinLines("doses of topira-", "mate were", vocabulary)).toBe("doses of topiramate were");
    expect(joinLines("probable fluoroquinolone-", "induced thrombocytopenia", vocabulary)).toBe(
      "probable fluoroquinolone-induced thrombocytopenia",
    );
    expect(joinLines("over the first-", "generation drugs", vocabulary)).toBe("over the first-generation drugs");
    expect(joinLines("150–", "450 × 10^9/L", vocabulary)).toBe("150–450 × 10^9/L");
  });
  it("puts back a lost 'Th' ligature at sentence starts", () => {
    expect(repairText("cited. is is an open access article. e patient recovered.")).toBe(
      "cited. This is an open access article. The patient recovered.",
    );
  });
});
