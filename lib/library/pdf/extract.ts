import { itemsToLines, type PdfItem, type PdfLine } from "./lines";

/** One page of a PDF as lines of text: its 1-based number and size in points. */
export interface PdfPage {
  number: number;
  width: number;
  height: number;
  lines: PdfLine[];
}

/** Why a PDF could not be read: it needs a password, or it is not a PDF pdf.js can open. */
export class PdfReadError extends Error {
  override name = "PdfReadError";
  constructor(
    readonly kind: "encrypted" | "malformed",
    message: string,
  ) {
    super(message);
  }
}

/** The text of a PDF: its pages' lines and the document information dictionary's title and subject (may be empty). */
export interface PdfText {
  pages: PdfPage[];
  title: string;
  subject: string;
}

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjs: Promise<PdfJs> | null = null;

/** pdf.js, loaded once (its legacy build runs in Node without a DOM; its worker code runs in this thread). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjs;
}

/**
 * Reads the text layer of a PDF with pdf.js (pdfjs-dist, Mozilla): every page's text items grouped into lines
 * (lib/library/pdf/lines.ts). Fonts are not rendered (no canvas, no system fonts); a PDF encrypted with
 * only an owner password (printing or copying restrictions) opens and is read.
 * @throws PdfReadError "encrypted: the PDF needs a password to open" (pdf.js PasswordException) or "not a readable
 *   PDF: <reason>" (InvalidPDFException and other load errors).
 */
export async function readPdfText(data: Uint8Array): Promise<PdfText> {
  const lib = await loadPdfJs();
  // pdf.js takes ownership of the buffer it is given (it transfers it to its worker), and refuses a Node Buffer:
  // hand it a plain copy.
  const task = lib.getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: lib.VerbosityLevel.ERRORS,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    if (error instanceof lib.PasswordException) {
      throw new PdfReadError("encrypted", "encrypted: the PDF needs a password to open");
    }
    throw new PdfReadError(
      "malformed",
      `not a readable PDF: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items: PdfItem[] = [];
      for (const item of content.items) {
        if (!("str" in item)) continue;
        const [a, b, c, d, x, y] = item.transform as number[];
        // Horizontal text only: a rotated run (a journal's vertical margin note) is not body text.
        if (Math.abs(b) > 0.01 || Math.abs(c) > 0.01) continue;
        items.push({
          str: item.str,
          x,
          y,
          size: Math.abs(d) || Math.abs(a),
          width: item.width,
          font: item.fontName,
          hasEOL: item.hasEOL,
        });
      }
      pages.push({ number: n, width: viewport.width, height: viewport.height, lines: itemsToLines(items) });
      page.cleanup();
    }
    const meta = await doc.getMetadata().catch(() => null);
    const info = (meta?.info ?? {}) as { Title?: unknown; Subject?: unknown };
    return {
      pages,
      title: typeof info.Title === "string" ? info.Title : "",
      subject: typeof info.Subject === "string" ? info.Subject : "",
    };
  } finally {
    await task.destroy();
  }
}
