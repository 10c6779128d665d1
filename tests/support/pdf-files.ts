import PDFDocument from "pdfkit";

/**
 * Builds a PDF in memory with pdfkit (a well-kept PDF writer), for tests of what Critica refuses: `draw` writes the
 * pages; `userPassword` encrypts the file so that it needs that password to open.
 */
export function buildPdf(draw: (doc: PDFKit.PDFDocument) => void, options: { userPassword?: string } = {}) {
  return new Promise<Uint8Array>((resolve, reject) => {
    const doc = new PDFDocument({
      pdfVersion: options.userPassword ? "1.7" : "1.4",
      ...(options.userPassword ? { userPassword: options.userPassword } : {}),
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
    draw(doc);
    doc.end();
  });
}

/** A page that is only a picture (shapes, no text): what a scanned article looks like to a text extractor. */
export const scannedPage = (doc: PDFKit.PDFDocument) => {
  doc.rect(72, 72, 400, 600).fill("#ddd");
  doc.rect(100, 100, 300, 20).fill("#333");
};
