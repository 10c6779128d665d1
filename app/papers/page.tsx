import { connection } from "next/server";
import { getConfig } from "@/lib/config";
import { listPapers } from "@/lib/db/papers";
import { papersOwnerFor } from "@/lib/auth/papers";
import { PapersManager } from "@/components/papers/papers-manager";
import { paperJson } from "@/app/api/papers/paper-json";
import { getCaller } from "@/app/_server/caller";

export const metadata = { title: "My papers" };

/**
 * "My papers": the caller's uploaded PDFs and JATS articles (theirs alone), uploaded several at once with progress,
 * listed and deletable; a question asked here researches them only (the source "papers").
 */
export default async function PapersPage() {
  await connection();
  const owner = papersOwnerFor(await getCaller());
  const papers = owner ? (await listPapers(owner)).map(paperJson) : [];
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">My papers</h1>
      <p className="max-w-3xl text-muted-foreground">
        Papers you add are read in full (text, tables, figure captions) and are yours alone: only your runs read them.
        Ask a question of them here, or include them in any run with the source “My papers”.
      </p>
      <PapersManager initial={papers} maxMb={getConfig().CRITICA_MAX_PAPER_MB} />
    </div>
  );
}
