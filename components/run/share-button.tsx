"use client";

import { useState, useTransition } from "react";
import { shareRun } from "@/app/_server/share-actions";
import { Button } from "@/components/ui/button";

/** "Share" creates a read-only link to a frozen copy of this report and shows it with a copy button. */
export function ShareButton({ runId }: { runId: string }) {
  const [pending, start] = useTransition();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const result = await shareRun(runId);
            if ("error" in result) setError(result.error);
            else setUrl(new URL(result.path, window.location.origin).toString());
          })
        }
      >
        {pending ? "Creating link…" : "Share"}
      </Button>
      {url && (
        <>
          <input readOnly aria-label="Share link" data-testid="share-link" value={url} className="w-72 rounded-md border border-border bg-background px-2 py-1 text-xs" onFocus={(e) => e.currentTarget.select()} />
          <Button
            variant="secondary"
            onClick={async () => {
              await navigator.clipboard?.writeText(url).catch(() => undefined);
              setCopied(true);
            }}
          >
            {copied ? "Copied" : "Copy link"}
          </Button>
        </>
      )}
      {error && (
        <span role="alert" className="text-sm text-danger">
          {error}
        </span>
      )}
    </div>
  );
}
