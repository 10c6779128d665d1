"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";

/** The caller's webhook as GET /api/webhook gives it. */
export interface WebhookState {
  url: string | null;
  secret: string | null;
  deliveries: Array<{
    id: string;
    checkId: string;
    url: string;
    status: "pending" | "delivered" | "failed";
    attempts: number;
    lastStatus: number | null;
    error: string | null;
    createdAt: string;
  }>;
}

const TONE = { pending: "accent", delivered: "success", failed: "danger" } as const;

/**
 * Sets or removes the caller's webhook (PUT/DELETE /api/webhook) and shows its signing secret and its latest
 * deliveries, failures included (status, attempts, last HTTP status and error).
 */
export function WebhookForm({ initial }: { initial: WebhookState }) {
  const [state, setState] = useState(initial);
  const [url, setUrl] = useState(initial.url ?? "");
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <div className="space-y-4">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          start(async () => {
            setError(null);
            const res = await fetch("/api/webhook", {
              method: "PUT",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ url }),
            });
            const body = (await res.json().catch(() => ({}))) as WebhookState & { error?: string };
            if (!res.ok) setError(body.error ?? `The server answered ${res.status}.`);
            else setState(body);
          });
        }}
      >
        <label className="flex min-w-0 flex-1 flex-col text-sm">
          Webhook URL
          <input
            type="url"
            required
            className="rounded-md border border-border bg-card px-2 py-1"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://example.org/critica-hook"
          />
        </label>
        <Button type="submit" disabled={pending}>
          {state.url ? "Save (new secret)" : "Save"}
        </Button>
        {state.url && (
          <Button
            variant="danger"
            type="button"
            disabled={pending}
            onClick={() =>
              start(async () => {
                await fetch("/api/webhook", { method: "DELETE" });
                setState({ url: null, secret: null, deliveries: state.deliveries });
                setUrl("");
              })
            }
          >
            Remove
          </Button>
        )}
      </form>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {state.secret && (
        <p className="break-all text-sm">
          Signing secret: <code data-testid="webhook-secret">{state.secret}</code>
        </p>
      )}
      <div>
        <h2 className="mb-1 font-medium">Latest deliveries</h2>
        {state.deliveries.length === 0 ? (
          <p className="text-sm text-muted-foreground">None yet.</p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="webhook-deliveries">
            {state.deliveries.map((d) => (
              <li key={d.id} className="flex flex-wrap items-baseline gap-2">
                <Badge tone={TONE[d.status]}>{d.status}</Badge>
                <span>{d.createdAt.slice(0, 16).replace("T", " ")} UTC</span>
                <span>
                  {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
                  {d.lastStatus !== null ? `, last HTTP ${d.lastStatus}` : ""}
                </span>
                {d.error && <span className="break-words text-danger">{d.error}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
