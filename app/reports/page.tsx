import Link from "next/link";
import { connection } from "next/server";
import { RunList } from "@/components/history/run-list";
import { listRuns } from "@/lib/db/runs";

export const metadata = { title: "History" };

/** Runs per history page. */
const PAGE_SIZE = 20;

export default async function HistoryPage({ searchParams }: PageProps<"/reports">) {
  await connection();
  const { cursor } = await searchParams;
  const { runs, nextCursor } = await listRuns({ limit: PAGE_SIZE, cursor: typeof cursor === "string" ? cursor : null }).catch(() => ({ runs: [], nextCursor: null }));
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">History</h1>
      <RunList runs={runs} />
      <nav aria-label="Pagination" className="flex gap-4 text-sm">
        {cursor && (
          <Link href="/reports" className="text-accent hover:underline">
            Newest
          </Link>
        )}
        {nextCursor && (
          <Link href={`/reports?cursor=${encodeURIComponent(nextCursor)}`} className="text-accent hover:underline" data-testid="next-page">
            Older runs
          </Link>
        )}
      </nav>
    </div>
  );
}
