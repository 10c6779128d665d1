import type { PassageCitation } from "@/lib/domain/fulltext";
import type { StoredFullText } from "@/lib/db/full-texts";
import { passageAnchor } from "@/lib/evidence/passages";
import { HighlightedText } from "./highlighted-text";

const ORIGINS: Record<StoredFullText["origin"], string> = {
  europepmc: "Europe PMC open access",
  biorxiv: "bioRxiv",
  medrxiv: "medRxiv",
  library: "the library",
  upload: "your papers",
};

/**
 * A record's full text as the run read it: where it came from and its licence, then every passage in reading order
 * under its section heading (and PDF page), each with its anchor (lib/evidence/passages passageAnchor) so a citation
 * opens the page at it; the passages the report cites are outlined with the cited sentence marked, and the passage
 * the address names (`:target`) stands out.
 */
export function FullTextView({ text, cited }: { text: StoredFullText; cited: PassageCitation[] }) {
  const bySentence = new Map(cited.map((c) => [c.passageId, c.sentence]));
  return (
    <div className="space-y-3" data-testid="full-text">
      <p className="text-sm text-muted-foreground" data-testid="full-text-origin">
        Read from {ORIGINS[text.origin]} ({text.format === "pdf" ? "PDF" : "JATS"}
        {text.pages !== null ? `, ${text.pages} pages` : ""}){text.licence.name ? ` · ${text.licence.name}` : ""}
        {text.licence.text && !text.licence.name ? ` · ${text.licence.text}` : ""}
      </p>
      {text.passages.map((p, i) => {
        // A heading where the section changes (a PDF's passages repeat their section on every page).
        const showHeading = p.section !== null && p.section !== (text.passages[i - 1]?.section ?? null);
        const sentence = bySentence.get(p.id) ?? null;
        return (
          <div key={p.id}>
            {showHeading && <h2 className="mt-4 text-lg font-semibold">{p.section}</h2>}
            <section
              id={passageAnchor(p.id)}
              data-testid="full-text-passage"
              data-passage-id={p.id}
              className={`scroll-mt-20 rounded-md p-2 target:ring-2 target:ring-accent ${
                sentence ? "border border-warning" : ""
              }`}
            >
              {p.page !== null && <span className="block text-xs text-muted-foreground">Page {p.page}</span>}
              <p className="whitespace-pre-line leading-relaxed">
                <HighlightedText text={p.text} sentence={sentence} markTestId="full-text-highlight" />
              </p>
            </section>
          </div>
        );
      })}
    </div>
  );
}
