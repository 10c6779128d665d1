import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * The report, rendered from its markdown. react-markdown renders no raw HTML and its default URL transform drops
 * `javascript:` and other unsafe links, so model and abstract text cannot inject markup.
 */
export function ReportDocument({ markdown, removedReferences }: { markdown: string; removedReferences: number }) {
  return (
    <article data-testid="report" className="prose-report">
      <Markdown
        remarkPlugins={[remarkGfm]}
        components={{ a: ({ href, children }) => <a href={href} target="_blank" rel="noreferrer noopener">{children}</a> }}
      >
        {markdown}
      </Markdown>
      {removedReferences > 0 && (
        <p data-testid="removed-references" className="mt-4 rounded-md bg-warning-soft px-3 py-2 text-sm text-warning">
          Citation validation removed {removedReferences} {removedReferences === 1 ? "reference" : "references"} that did not match any collected evidence.
        </p>
      )}
    </article>
  );
}
