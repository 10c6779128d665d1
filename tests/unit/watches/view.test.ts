import { describe, expect, it } from "vitest";
import type { CheckRecord, WatchRecord } from "@/lib/db/watches";
import { toWatchView } from "@/lib/watches/view";

const watch: WatchRecord = {
  id: "7d9c1d2e-0000-4000-8000-000000000001",
  runId: "7d9c1d2e-0000-4000-8000-0000000000aa",
  ownerId: null,
  cadence: "daily",
  sources: ["pubmed", "ctgov"],
  status: "active",
  feedToken: "t".repeat(43),
  nextDueAt: new Date("2026-12-06T10:00:00Z"),
  lastCheckedAt: new Date("2026-12-02T10:00:00Z"),
  sourceState: [
    {
      source: "pubmed",
      since: "2026-11-25T10:00:00.000Z",
      failures: 2,
      lastError: "PubMed: HTTP 503 after 3 retries, 0 records",
    },
    {
      source: "ctgov",
      since: "2026-11-25T10:00:00.000Z",
      failures: 2,
      lastError: "ClinicalTrials.gov: timed out after 15 s, 0 records",
    },
    { source: "local", since: "2026-11-25T10:00:00.000Z", failures: 0, lastError: null },
  ],
  failures: 2,
  version: 0,
  plannedVersion: 0,
  workflowRunId: null,
  createdAt: new Date("2026-11-25T10:00:00Z"),
};

function check(id: string, status: CheckRecord["status"], modelCalls: number, costUsd: number | null): CheckRecord {
  return {
    id,
    watchId: watch.id,
    dueAt: new Date("2026-12-01T10:00:00Z"),
    startedAt: new Date("2026-12-01T10:00:00Z"),
    finishedAt: new Date("2026-12-01T10:01:00Z"),
    status,
    since: [],
    probe: null,
    summary: null,
    reportVersion: null,
    fromSeq: null,
    versionRunId: null,
    costUsd,
    modelCalls,
    error:
      status === "failed"
        ? "PubMed: HTTP 503 after 3 retries, 0 records; ClinicalTrials.gov: timed out after 15 s, 0 records"
        : null,
  };
}

describe("a watch as the page and the API show it", () => {
  it("says it backs off while no watched source answers, and which sources fail", () => {
    const view = toWatchView(watch, "Does ketamine reduce pain?", [
      check("c2", "failed", 0, null),
      check("c1", "failed", 0, null),
    ]);
    expect(view.backoff).toBe(
      "Backing off: no watched source answered the last 2 checks (PubMed: HTTP 503 after 3 retries, 0 records; " +
        "ClinicalTrials.gov: timed out after 15 s, 0 records). " +
        "The next check waits 4× the usual interval (every day), on 2026-12-06.",
    );
    expect(view.sourceHealth.map((s) => s.source)).toEqual(["pubmed", "ctgov"]);
    expect(view.sourceHealth[0].warning).toBe(
      "PubMed failed the last 2 checks (PubMed: HTTP 503 after 3 retries, 0 records); its records since " +
        "2026-11-25 are searched when it answers again.",
    );
    expect(view.checks.map((c) => c.headline)).toEqual([
      "Check failed: PubMed: HTTP 503 after 3 retries, 0 records; ClinicalTrials.gov: timed out after 15 s, 0 records",
      "Check failed: PubMed: HTTP 503 after 3 retries, 0 records; ClinicalTrials.gov: timed out after 15 s, 0 records",
    ]);
  });

  it("sums the model calls and cost of its checks; unknown when a check's cost is", () => {
    const healthy = {
      ...watch,
      failures: 0,
      sourceState: watch.sourceState.map((s) => ({ ...s, failures: 0, lastError: null })),
    };
    const view = toWatchView(healthy, "q", [
      check("c3", "changed", 4, 0.0031),
      check("c2", "quiet", 0, null),
      check("c1", "changed", 3, 0.002),
    ]);
    expect(view.cost).toBe("7 model calls · est. $0.0051 over 3 checks");
    expect(view.checks.map((c) => c.cost)).toEqual([
      "4 model calls · est. $0.0031",
      null,
      "3 model calls · est. $0.0020",
    ]);
    expect(toWatchView(healthy, "q", [check("c2", "changed", 4, null), check("c1", "changed", 3, 0.002)]).cost).toBe(
      "7 model calls · cost not estimated over 2 checks",
    );
    expect(toWatchView(healthy, "q", [check("c1", "quiet", 0, null)])).toMatchObject({
      cost: "No model calls over 1 check",
      costUsd: null,
      backoff: null,
    });
  });
});
