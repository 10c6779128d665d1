import type { ExportFile } from "@/lib/domain/export";

/**
 * The HTTP response of an export: the file as an attachment (RFC 6266 filename), never cached (so a revoked share
 * link stops serving at once) and never indexed.
 */
export function downloadResponse(file: ExportFile): Response {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
