import { PubmedXmlError } from "@/lib/sources/parse/pubmed-xml";

/**
 * One element directly under the root of a PubMed file (a PubmedArticle, PubmedBookArticle, MedlineCitation or
 * DeleteCitation as NLM writes them): its name, its XML from `<` to the end of its end tag, and where it starts in the
 * splitter's buffer (for {@link PubmedItemSplitter.position}).
 */
export interface XmlItem {
  name: string;
  xml: string;
  at: number;
}

/** The root elements of PubMed and MEDLINE files. */
const ROOTS = new Set(["PubmedArticleSet", "MedlineCitationSet"]);

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const NEWLINE = 0x0a;
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const isNameEnd = (c: number) => isSpace(c) || c === SLASH || c === GT;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Splits a PubMed baseline or update file, as its bytes stream in (UTF-8, as NLM writes them), into the elements
 * under its root, each decoded to its own string, which lib/library/pubmed-item-node.ts parses whole with saxen.
 * Only the document's outer structure is read here: the prolog (XML declaration, DOCTYPE, comments), the root's
 * start and end tags, and each item's start tag and matching end tag, found with indexOf on the bytes (the items
 * never contain an element of their own name, so the first `</Name>` after `<Name>` closes it); everything inside an
 * item is left to the XML parser. Working on bytes decodes each item alone, so an item of ASCII text stays a
 * one-byte string for the parser even when others in the file have accented letters.
 *
 * Use: `push(chunk)` gives the items the chunk completes, `end()` those left and checks the document ended; an
 * item's `at` is valid for {@link position} until the next push.
 * @throws PubmedXmlError (from push and end) with line and column when the outer structure is malformed: text or a
 *   second element outside the root, an end tag that closes no item, a file that ends inside the root; or when the
 *   root is neither PubmedArticleSet nor MedlineCitationSet.
 */
export class PubmedItemSplitter {
  private buf: Buffer = Buffer.alloc(0);
  private pos = 0;
  private state: "prolog" | "root" | "done" = "prolog";
  private rootName = "";
  private started = false;
  /** Newlines in the bytes dropped before `buf`, and the column (in characters, 0-based) at which `buf` starts. */
  private linesBefore = 0;
  private columnAtStart = 0;
  /** `</Name` of each item name seen, as bytes. */
  private readonly endTags = new Map<string, Buffer>();

  push(chunk: Buffer): XmlItem[] {
    this.drop();
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    if (!this.started && this.buf.length >= 3) {
      this.started = true;
      if (this.buf.subarray(0, 3).equals(UTF8_BOM)) this.pos = 3;
    }
    return this.scan(false);
  }

  end(): XmlItem[] {
    const items = this.scan(true);
    if (this.state === "prolog")
      throw new PubmedXmlError("expected a PubmedArticleSet or MedlineCitationSet root, found no element");
    if (this.state !== "done") {
      const open = this.buf.indexOf(LT, this.pos);
      const inside = open >= 0 ? /^<([^\s/>]+)/.exec(this.buf.toString("utf8", open, open + 100))?.[1] : undefined;
      throw this.error(
        this.buf.length,
        `unexpected end of file${inside ? ` inside <${inside}>` : ""} (<${this.rootName}> not closed)`,
      );
    }
    return items;
  }

  /** Line and column (1-based, the column in characters) of buffer index `at` (an item's `at` until the next push). */
  position(at: number): { line: number; column: number } {
    let line = this.linesBefore;
    let lastNewline = -1;
    for (let i = this.buf.indexOf(NEWLINE); i >= 0 && i < at; i = this.buf.indexOf(NEWLINE, i + 1)) {
      line++;
      lastNewline = i;
    }
    const column =
      lastNewline >= 0
        ? this.buf.toString("utf8", lastNewline + 1, at).length
        : this.columnAtStart + this.buf.toString("utf8", 0, at).length;
    return { line: line + 1, column: column + 1 };
  }

  /** A PubmedXmlError naming the line and column of buffer index `at`. */
  error(at: number, message: string): PubmedXmlError {
    const { line, column } = this.position(at);
    return new PubmedXmlError(`malformed PubMed XML: ${line}:${column}: ${message}`);
  }

  /** Forgets the bytes already split, keeping count of their lines. */
  private drop() {
    if (this.pos === 0) return;
    let last = -1;
    for (let i = this.buf.indexOf(NEWLINE); i >= 0 && i < this.pos; i = this.buf.indexOf(NEWLINE, i + 1)) {
      this.linesBefore++;
      last = i;
    }
    const tail = this.buf.toString("utf8", last + 1, this.pos).length;
    this.columnAtStart = last >= 0 ? tail : this.columnAtStart + tail;
    this.buf = this.buf.subarray(this.pos);
    this.pos = 0;
  }

  private scan(final: boolean): XmlItem[] {
    const items: XmlItem[] = [];
    const buf = this.buf;
    for (;;) {
      const lt = buf.indexOf(LT, this.pos);
      const textEnd = lt < 0 ? buf.length : lt;
      if (textEnd > this.pos) {
        // Text between the root's children is ignored (NLM writes only newlines there); outside the root it is an
        // error.
        if (this.state !== "root") {
          for (let i = this.pos; i < textEnd; i++)
            if (!isSpace(buf[i])) throw this.error(i, "text outside the root element");
        }
        this.pos = textEnd;
      }
      if (lt < 0) break;
      const token = this.token(lt, final);
      if (token === null) break; // the token continues in the next chunk
      if (token.item) items.push(token.item);
      this.pos = token.next;
    }
    return items;
  }

  /**
   * Reads the markup at `lt`: @returns where the text after it starts (and the item it was), or null when incomplete.
   */
  private token(lt: number, final: boolean): { next: number; item?: XmlItem } | null {
    const buf = this.buf;
    /** `found`, or -1 (wait for more bytes) when it is -1; at the end of the file, an error. */
    const need = (found: number, what: string) => {
      if (found < 0 && final) throw this.error(buf.length, `unexpected end of file in ${what}`);
      return found;
    };
    if (lt + 1 >= buf.length) {
      need(-1, "a tag");
      return null;
    }
    const c = buf[lt + 1];
    if (c === 0x3f /* ? */) {
      const end = need(buf.indexOf("?>", lt + 2), "a processing instruction");
      return end < 0 ? null : { next: end + 2 };
    }
    if (c === 0x21 /* ! */) {
      if (buf.length - lt < 9 && !final) return null;
      const head = buf.toString("latin1", lt, lt + 9);
      if (head.startsWith("<!--")) {
        const end = need(buf.indexOf("-->", lt + 4), "a comment");
        return end < 0 ? null : { next: end + 3 };
      }
      if (head === "<![CDATA[" && this.state === "root") {
        const end = need(buf.indexOf("]]>", lt + 9), "a CDATA section");
        return end < 0 ? null : { next: end + 3 };
      }
      if (head === "<!DOCTYPE" && this.state === "prolog") {
        // An internal subset ([…]) may hold '>' characters; NLM's DOCTYPE has none, but skip one whole if present.
        const gt = buf.indexOf(GT, lt);
        const bracket = buf.indexOf(0x5b /* [ */, lt);
        const close = bracket >= 0 && (gt < 0 || bracket < gt) ? buf.indexOf(0x5d /* ] */, bracket) : lt;
        const end = need(close < 0 ? -1 : buf.indexOf(GT, close), "the DOCTYPE");
        return end < 0 ? null : { next: end + 1 };
      }
      throw this.error(lt, `unexpected markup ${JSON.stringify(buf.toString("utf8", lt, lt + 12))}`);
    }
    const tagEnd = this.tagEnd(lt, final);
    if (tagEnd < 0) return null;
    if (c === SLASH) {
      const name = buf.toString("utf8", lt + 2, tagEnd).trim();
      if (this.state === "root" && name === this.rootName) {
        this.state = "done";
        return { next: tagEnd + 1 };
      }
      throw this.error(lt, `unexpected end tag </${name}>`);
    }
    let nameEnd = lt + 1;
    while (nameEnd < tagEnd && !isNameEnd(buf[nameEnd])) nameEnd++;
    const name = buf.toString("utf8", lt + 1, nameEnd);
    const selfClosing = buf[tagEnd - 1] === SLASH;
    if (this.state === "prolog") {
      if (!ROOTS.has(name))
        throw new PubmedXmlError(`expected a PubmedArticleSet or MedlineCitationSet root, found <${name}>`);
      this.rootName = name;
      this.state = selfClosing ? "done" : "root";
      return { next: tagEnd + 1 };
    }
    if (this.state === "done") throw this.error(lt, `a second root element <${name}>`);
    const item = (end: number) => ({ next: end, item: { name, xml: buf.toString("utf8", lt, end), at: lt } });
    if (selfClosing) return item(tagEnd + 1);
    let close = this.endTags.get(name);
    if (!close) this.endTags.set(name, (close = Buffer.from(`</${name}`)));
    for (let from = tagEnd + 1; ;) {
      const k = need(buf.indexOf(close, from), `<${name}>`);
      if (k < 0) return null;
      const after = k + close.length;
      if (after >= buf.length) {
        need(-1, `</${name}>`);
        return null;
      }
      const next = buf[after];
      if (next === GT) return item(after + 1);
      if (isSpace(next)) {
        const gt = need(buf.indexOf(GT, after), `</${name}>`);
        return gt < 0 ? null : item(gt + 1);
      }
      from = after; // a longer name (</PubmedArticleSet> after <PubmedArticle>): keep looking
    }
  }

  /** Index of the '>' ending the tag at `lt` (quoted attribute values may hold '>'); -1 when it is not all buffered. */
  private tagEnd(lt: number, final: boolean): number {
    const buf = this.buf;
    for (let i = lt + 1; i < buf.length; i++) {
      const c = buf[i];
      if (c === GT) return i;
      if (c === 0x22 || c === 0x27) {
        const q = buf.indexOf(c, i + 1);
        if (q < 0) break;
        i = q;
      }
    }
    if (final) throw this.error(lt, "unexpected end of file in a tag");
    return -1;
  }
}
