import { connection } from "next/server";
import { listPapers } from "@/lib/db/papers";
import { canUploadPapers, papersOwnerFor } from "@/lib/auth/papers";
import { ArticleFileError } from "@/lib/library/article-files";
import { addPaper } from "@/lib/library/papers";
import { getCaller, getStartingCaller } from "@/app/_server/caller";
import { apiError, errorResponse, json } from "@/app/api/_contract/respond";
import { paperJson } from "./paper-json";

/**
 * GET /api/papers → `{ papers }`: the caller's papers ("My papers"), newest first. 401 when not signed in.
 */
export async function GET() {
  await connection();
  const caller = await getCaller();
  const owner = papersOwnerFor(caller);
  if (!canUploadPapers(caller)) return apiError(401, "Sign in, or send an API key as Authorization: Bearer <key>.");
  return json({ papers: owner ? (await listPapers(owner)).map(paperJson) : [] });
}

/**
 * POST /api/papers, multipart/form-data with one or more `file` fields (PDFs or JATS articles) → `{ results }`, one
 * per file in order: `{ fileName, paper }` when it was read, `{ fileName, error }` with the reason when it was not
 * ("no text layer: scanned PDFs need OCR, which Critica does not do", "too large: …"); a bad file loses nothing of
 * the others. 200 when every file was read, 422 when none was, 207 otherwise; 400 without files; 401 when not signed
 * in. The papers are the caller's alone (lib/auth/papers.ts); a run with the source "papers" reads them.
 */
export async function POST(request: Request) {
  const caller = await getStartingCaller();
  const owner = papersOwnerFor(caller);
  if (!canUploadPapers(caller) || !owner) return apiError(401, "Sign in to upload papers.");
  let files: File[];
  try {
    files = (await request.formData()).getAll("file").filter((f): f is File => typeof f !== "string");
  } catch {
    return apiError(400, "Send the papers as multipart/form-data, each in a field named file.");
  }
  if (files.length === 0) return apiError(400, "Choose at least one PDF or JATS file.");
  const results = [];
  try {
    for (const file of files) {
      try {
        const paper = await addPaper({
          ownerId: owner,
          fileName: file.name,
          bytes: new Uint8Array(await file.arrayBuffer()),
        });
        results.push({ fileName: file.name, paper: paperJson(paper) });
      } catch (error) {
        if (!(error instanceof ArticleFileError)) throw error;
        results.push({ fileName: file.name, error: error.message });
      }
    }
  } catch (error) {
    return errorResponse(error, "POST /api/papers", "The papers could not be saved. Please try again.");
  }
  const read = results.filter((r) => "paper" in r).length;
  return json({ results }, read === results.length ? 200 : read === 0 ? 422 : 207);
}
