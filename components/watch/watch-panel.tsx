"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { SOURCE_LABELS, type SourceId } from "@/lib/domain/evidence";
import type { Cadence } from "@/lib/domain/watch";
import type { WatchView } from "@/lib/watches/view";

const CADENCES: Array<{ value: Cadence; label: string }> = [
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
];

const CHECK_TONE = { running: "accent", quiet: "neutral", changed: "success", failed: "danger" } as const;

/** "25 Nov 2026, 14:05 UTC": dates shown the same on the server and in the browser. */
function when(iso: string): string {
  const d = new Date(iso);
  return (
    `${d.getUTCDate()} ${d.toLocaleString("en", { month: "short", timeZone: "UTC" })} ${d.getUTCFullYear()}, ` +
    `${d.toISOString().slice(11, 16)} UTC`
  );
}

/** Sends one watch request to the API; @returns the error message, or null when it succeeded. */
async function send(method: string, url: string, body?: unknown): Promise<string | null> {
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.ok) return null;
  return ((await res.json().catch(() => ({}))) as { error?: string }).error ?? `The server answered ${res.status}.`;
}

/** The cadence picker of the form and of a watch's controls. */
function CadenceSelect({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: Cadence;
  disabled?: boolean;
  onChange: (cadence: Cadence) => void;
}) {
  return (
    <select
      aria-label={label}
      className="rounded-md border border-border bg-card px-2 py-1"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as Cadence)}
    >
      {CADENCES.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/** The form that watches a run: cadence and sources (the run's, all ticked). */
function WatchForm({
  runId,
  runSources,
  busy,
  act,
}: {
  runId: string;
  runSources: SourceId[];
  busy: boolean;
  act: (run: () => Promise<string | null>) => void;
}) {
  const [cadence, setCadence] = useState<Cadence>("weekly");
  const [sources, setSources] = useState<SourceId[]>(runSources);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        act(() => send("POST", "/api/watches", { runId, cadence, sources }));
      }}
    >
      <label className="flex flex-col text-sm">
        Check again
        <CadenceSelect label="Cadence" value={cadence} onChange={setCadence} />
      </label>
      <fieldset className="flex flex-wrap gap-3 text-sm">
        <legend className="sr-only">Sources to watch</legend>
        {runSources.map((s) => (
          <label key={s} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={sources.includes(s)}
              onChange={(e) => setSources(e.target.checked ? [...sources, s] : sources.filter((x) => x !== s))}
            />
            {SOURCE_LABELS[s]}
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={busy || sources.length === 0} data-testid="watch-start">
        {busy ? "Saving…" : "Watch"}
      </Button>
    </form>
  );
}

/**
 * The watch of a run on its report page: for the owner of a completed run without one, the form that watches it
 * (cadence and sources); once watched, its state (active or paused, cadence, next and last check, the model cost of
 * its checks, backoff and failing-source warnings, its Atom feed) with Pause/Resume, a cadence change and Delete for
 * the owner, "Check now" (a check at once, counted against the run limits like a run), and its checks, newest first,
 * each with its change headline and a link to the report version it made. A line says what a check does. Every
 * change goes through /api/watches and the page is refreshed from the server (every 3 s while a check runs).
 */
export function WatchPanel({
  runId,
  watch,
  canWrite,
  runSources,
  watchable,
}: {
  runId: string;
  watch: WatchView | null;
  canWrite: boolean;
  runSources: SourceId[];
  watchable: string | null;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  // After "Check now": the number of checks the page showed, until a newer check has finished.
  const [checksBefore, setChecksBefore] = useState<number | null>(null);
  const checks = watch?.checks ?? [];
  const checking = checks.some((c) => c.status === "running");
  const awaiting = checksBefore !== null && (checking || checks.length <= checksBefore);
  useEffect(() => {
    // A check runs in the watch's workflow, not in this request: the page is read again until it has finished.
    if (!awaiting && !checking) return;
    const timer = setInterval(() => router.refresh(), 3_000);
    return () => clearInterval(timer);
  }, [awaiting, checking, router]);
  const act = (run: () => Promise<string | null>) =>
    start(async () => {
      setError(null);
      const failed = await run();
      if (failed) setError(failed);
      else router.refresh();
    });
  if (!watch && !canWrite) return null;
  return (
    <section
      aria-labelledby="watch-heading"
      className="space-y-3 rounded-lg border border-border bg-card p-4"
      data-testid="watch-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="watch-heading" className="text-lg font-semibold">
          Watch this question
        </h2>
        {watch && (
          <Badge tone={watch.status === "active" ? "success" : "warning"} testId="watch-status">
            {watch.status === "active" ? `Watching ${watch.cadence}` : "Paused"}
          </Badge>
        )}
      </div>
      <p className="text-sm text-muted-foreground" data-testid="watch-explanation">
        A check searches the watched sources for records added or updated since the last check; when the evidence
        changed, Critica writes a new version of this report and tells you.
      </p>
      {!watch && (
        <>
          {watchable ? (
            <p className="text-sm">{watchable}</p>
          ) : (
            <WatchForm runId={runId} runSources={runSources} busy={pending} act={act} />
          )}
        </>
      )}
      {watch && (
        <>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-muted-foreground">Sources</dt>
            <dd data-testid="watch-sources">{watch.sources.map((s) => SOURCE_LABELS[s]).join(", ")}</dd>
            <dt className="text-muted-foreground">Next check</dt>
            <dd data-testid="watch-next">{watch.status === "active" ? when(watch.nextDueAt) : "paused"}</dd>
            <dt className="text-muted-foreground">Last checked</dt>
            <dd>{watch.lastCheckedAt ? when(watch.lastCheckedAt) : "not yet"}</dd>
            <dt className="text-muted-foreground">Model cost</dt>
            <dd data-testid="watch-cost">{watch.cost}</dd>
            <dt className="text-muted-foreground">Feed</dt>
            <dd className="break-words">
              <a href={watch.feedPath} className="text-accent underline" data-testid="watch-feed">
                Atom feed
              </a>{" "}
              <span className="text-muted-foreground">
                (its address is a secret: anyone with it can read the changes)
              </span>
            </dd>
          </dl>
          {watch.backoff && (
            <p
              role="status"
              className="rounded-md bg-warning-soft px-3 py-2 text-sm text-warning"
              data-testid="watch-backoff"
            >
              {watch.backoff}
            </p>
          )}
          {watch.sourceHealth.flatMap((s) =>
            s.warning && !watch.backoff
              ? [
                  <p
                    key={s.source}
                    role="status"
                    className="rounded-md bg-warning-soft px-3 py-2 text-sm text-warning"
                    data-testid="watch-source-warning"
                  >
                    {s.warning}
                  </p>,
                ]
              : [],
          )}
          {canWrite && (
            <div className="flex flex-wrap items-center gap-2" data-testid="watch-controls">
              {watch.status === "active" && (
                <Button
                  disabled={pending || awaiting || checking}
                  data-testid="watch-check-now"
                  onClick={() =>
                    act(async () => {
                      const failed = await send("POST", `/api/watches/${watch.id}/check`);
                      if (!failed) setChecksBefore(checks.length);
                      return failed;
                    })
                  }
                >
                  {awaiting || checking ? "Checking…" : "Check now"}
                </Button>
              )}
              <label className="flex items-center gap-2 text-sm">
                Cadence
                <CadenceSelect
                  label="Change cadence"
                  value={watch.cadence}
                  disabled={pending}
                  onChange={(cadence) => act(() => send("PATCH", `/api/watches/${watch.id}`, { cadence }))}
                />
              </label>
              <Button
                variant="secondary"
                disabled={pending}
                onClick={() =>
                  act(() =>
                    send("PATCH", `/api/watches/${watch.id}`, {
                      status: watch.status === "active" ? "paused" : "active",
                    }),
                  )
                }
              >
                {watch.status === "active" ? "Pause" : "Resume"}
              </Button>
              <Button
                variant="danger"
                disabled={pending}
                onClick={() => {
                  if (window.confirm("Delete this watch and its check history? The report versions stay."))
                    act(() => send("DELETE", `/api/watches/${watch.id}`));
                }}
              >
                Delete watch
              </Button>
            </div>
          )}
          <div>
            <h3 className="mb-1 text-sm font-medium">Checks</h3>
            {watch.checks.length === 0 ? (
              <p className="text-sm text-muted-foreground">No check yet.</p>
            ) : (
              <ol className="space-y-1 text-sm" data-testid="watch-checks">
                {watch.checks.slice(0, 10).map((c) => (
                  <li key={c.id} className="flex flex-wrap items-baseline gap-x-2" data-testid="watch-check">
                    <span className="text-muted-foreground">{when(c.startedAt)}</span>
                    <Badge tone={CHECK_TONE[c.status]}>{c.status}</Badge>
                    <span className="min-w-0 break-words" data-testid="watch-check-headline">
                      {c.headline}
                    </span>
                    {c.versionPath && (
                      <Link href={c.versionPath} className="text-accent underline">
                        Report v{c.reportVersion}
                      </Link>
                    )}
                    {c.cost && <span className="text-muted-foreground">{c.cost}</span>}
                  </li>
                ))}
              </ol>
            )}
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
