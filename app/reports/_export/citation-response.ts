import { isCitationStyle, recordCitation } from "@/lib/report/render/citations";
import type { Evidence } from "@/lib/domain/evidence";

/**
 * The answer to GET <report>/citation?record=<evidence id>&style=vancouver|apa: the record cited in that style as
 * plain text (recordCitation), never cached; 400 for a missing record id or an unknown style, 404 for a record the
 * report does not have.
 */
export function citationResponse(request: Request, records: Evidence[]): Response {
  const params = new URL(request.url).searchParams;
  const style = params.get("style");
  const record = params.get("record");
  if (!record || !isCitationStyle(style))
    return new Response("Give ?record=<record id>&style=vancouver or apa.", { status: 400 });
  const text = recordCitation(records, record, style);
  if (text === null) return new Response("This report has no such record.", { status: 404 });
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
