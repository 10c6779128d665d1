"use client";

import { useActionState } from "react";
import { createApiKeyAction, revokeApiKeyAction, type CreateApiKeyState } from "@/app/_server/account-actions";
import { BusyButton } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useServerAction } from "@/components/ui/use-server-action";

/** An API key as listed: never its value, only its first characters. */
export interface ApiKeyRow {
  id: string;
  name: string | null;
  start: string | null;
  createdAt: string;
}

const INITIAL: CreateApiKeyState = { name: "", key: null, error: null };

/** Create a key (its value shown once, with how to use it) and list / revoke the existing ones. */
export function ApiKeysPanel({ keys }: { keys: ApiKeyRow[] }) {
  const [state, action, pending] = useActionState(createApiKeyAction, INITIAL);
  return (
    <div className="space-y-6">
      <form action={action} className="flex flex-wrap items-end gap-2" data-testid="create-api-key">
        <div>
          <label htmlFor="key-name" className="mb-1 block text-sm font-medium">
            Key name
          </label>
          <input
            id="key-name"
            name="name"
            defaultValue={state.name}
            maxLength={32}
            required
            placeholder="e.g. lab pipeline"
            className={
              "rounded-md border border-border bg-background px-3 py-1.5 focus-visible:outline-2 " +
              "focus-visible:outline-accent"
            }
          />
        </div>
        <BusyButton type="submit" pending={pending} busyLabel="Creating…">
          Create key
        </BusyButton>
        <ErrorAlert error={state.error} as="p" className="w-full text-sm" />
      </form>
      {state.key && (
        <div
          className="space-y-2 rounded-md border border-warning bg-warning-soft p-3 text-sm"
          data-testid="new-api-key"
        >
          <p className="font-medium">Copy your new key now: it will not be shown again.</p>
          <input
            readOnly
            aria-label="New API key"
            value={state.key}
            data-testid="new-api-key-value"
            className="w-full rounded-md border border-border bg-background px-2 py-1 font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <p className="text-muted-foreground">
            Send it as <code>Authorization: Bearer &lt;key&gt;</code> to the HTTP API, e.g.{" "}
            <code>curl -H &quot;Authorization: Bearer $KEY&quot; …/api/runs</code>.
          </p>
        </div>
      )}
      <section aria-labelledby="keys-heading" className="space-y-2">
        <h2 id="keys-heading" className="text-lg font-semibold">
          Your keys
        </h2>
        {keys.length === 0 ? (
          <p className="text-sm text-muted-foreground">No API keys yet.</p>
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border" data-testid="api-key-list">
            {keys.map((k) => (
              <KeyRow key={k.id} row={k} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function KeyRow({ row }: { row: ApiKeyRow }) {
  const { pending, error, run } = useServerAction();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
      <span>
        <span className="font-medium">{row.name ?? "unnamed"}</span>{" "}
        <code className="text-muted-foreground">{row.start ?? ""}…</code>{" "}
        <span className="text-muted-foreground">created {row.createdAt.slice(0, 10)}</span>
      </span>
      <BusyButton
        variant="danger"
        pending={pending}
        busyLabel="Revoking…"
        onClick={() => {
          if (!window.confirm(`Revoke the key “${row.name ?? "unnamed"}”? Programs using it will get 401.`)) return;
          run(() => revokeApiKeyAction(row.id));
        }}
      >
        Revoke
      </BusyButton>
      <ErrorAlert error={error} className="w-full" />
    </li>
  );
}
