import { useMemo } from "react";
import Markdown, { type Components, type Options } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CitationMarker } from "./report-citation";
import type { PassageCitation } from "@/lib/domain/fulltext";
import type { Reference, SentenceSupport } from "@/lib/domain/report";
import { readCitationData, rehypeCitations } from "@/lib/report/render/rehype-citations";
import type { ReportRecord } from "@/lib/report/appraise/records";
import { safeUrl } from "@/lib/report/render/safe-url";

/** Whether a link is GFM's autolink of a bare "www." domain: its text is the href without the "http://" it added. */
function isWwwAutolink(href: string, children: unknown): boolean {
  return typeof children === "string" && children.startsWith("www.") && href === `http://${children}`;
}

/**
 * Report Markdown, rendered with every inline [n] marker turned into a citation that opens a hover
 * card (see CitationMarker; with `support`, the card shows and marks the exact record sentences the citing sentence
 * rests on). Safe by construction: react-markdown renders no raw HTML (it shows it as text), there
 * is no dangerouslySetInnerHTML, bare "www." domains stay text, links keep only http(s) and mailto URLs (safeUrl;
 * anything else renders as plain
 * text) and images are shown as their alt text, so model and abstract text cannot inject markup or scripts.
 */
export function ReportMarkdown({
  markdown,
  references,
  records,
  support,
  passages,
}: {
  markdown: string;
  references: Reference[];
  records: ReportRecord[];
  support?: SentenceSupport[];
  /** The full-text passages the report cites (report.passages), shown in the cards of the sentences quoting them. */
  passages?: PassageCitation[];
}) {
  const components = useMemo<Components>(() => {
    const byNumber = new Map(references.map((r) => [r.n, r]));
    const byId = new Map(records.map((r) => [r.id, r]));
    return {
      // GFM turns a bare "www.ebi.ac.uk" of a message into a link; such literal "www." autolinks stay plain text.
      a: ({ href, children }) =>
        href && !isWwwAutolink(href, children) ? (
          <a href={href} target="_blank" rel="noreferrer noopener">
            {children}
          </a>
        ) : (
          <span>{children}</span>
        ),
      img: ({ alt }) => <span>{alt}</span>,
      cite: ({ node, children }) => {
        const data = readCitationData(node?.properties?.dataCitation);
        if (!data) return <span>{children}</span>;
        return (
          <CitationMarker
            tokens={data.tokens}
            sentence={data.sentence}
            references={byNumber}
            records={byId}
            support={support}
            passages={passages}
          />
        );
      },
    };
  }, [references, records, support, passages]);
  // The highest reference number, not the count: a chat answer cites a few numbers of the conversation's list ([3],
  // [12]).
  const highest = references.reduce((max, r) => Math.max(max, r.n), 0);
  const rehypePlugins = useMemo(
    () => [[rehypeCitations, { referenceCount: highest }]] as unknown as Options["rehypePlugins"],
    [highest],
  );
  return (
    <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={rehypePlugins} urlTransform={safeUrl} components={components}>
      {markdown}
    </Markdown>
  );
}

/** A whole Markdown document (a chat answer, a report draft) as an article of {@link ReportMarkdown}. */
export function ReportDocument({
  markdown,
  references,
  records,
}: {
  markdown: string;
  references: Reference[];
  records: ReportRecord[];
}) {
  return (
    <article data-testid="report" className="prose-report">
      <ReportMarkdown markdown={markdown} references={references} records={records} />
    </article>
  );
}
