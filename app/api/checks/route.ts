import { startRunFromApi } from "@/app/api/_contract/start-run";

/**
 * POST /api/checks `{ text, sources? }` → 202 `{ runId }`: starts a claim check exactly as the chat page's claim
 * mode does (startRunFromApi: its answers and who owns the run).
 */
export async function POST(request: Request) {
  return startRunFromApi("claim-check", request);
}
