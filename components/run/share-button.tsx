"use client";

import { useRouter } from "next/navigation";
import { useState, useSyncExternalStore, useTransition } from "react";
import { revokeShare, shareRun } from "@/app/_server/share-actions";
import { Button } from "@/components/ui/button";

const noSubscribe = () => () => {};

/** One live share link: the full URL (read-only field), "Copy link" and "Revoke link". */
function ShareLinkRow({ token, onRevoked }: { token: string; onRevoked: () => void }) {
  const origin = useSyncExternalStore(
    noSubscribe,
    () => window.location.origin,
    () => "",
  );
  const url = `${origin}/share/${token}`;
  const [copied, setCopied] = useState(false);
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <input
        readOnly
        aria-label="Share link"
        data-testid="share-link"
        value={url}
        className="w-72 rounded-md border border-border bg-background px-2 py-1 text-xs"
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button
        variant="secondary"
        onClick={async () => {
          await navigator.clipboard?.writeText(url).catch(() => undefined);
          setCopied(true);
        }}
      >
        {copied ? "Copied" : "Copy link"}
      </Button>
      <Button
        variant="danger"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const result = await revokeShare(token);
            if ("error" in result) setError(result.error);
            else onRevoked();
          })
        }
      >
        {pending ? "Revoking…" : "Revoke link"}
      </Button>
      {error && (
        <span role="alert" className="text-sm text-danger">
          {error}
        </span>
      )}
    </span>
  );
}

/**
 * Sharing controls of a run the caller owns. "Share" creates a read-only link to a frozen copy of this report and
 * shows it with "Copy link" and "Revoke link"; links created earlier (`initialTokens`) are shown on load. Once
 * every link is revoked, "Share" is offered again. Either refreshes the page, whose printed address names the link.
 */
export function ShareButton({ runId, initialTokens = [] }: { runId: string; initialTokens?: string[] }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [tokens, setTokens] = useState(initialTokens);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="share-controls">
      {tokens.length === 0 && (
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() =>
            start(async () => {
              setError(null);
              setStatus(null);
              const result = await shareRun(runId);
              if ("error" in result) setError(result.error);
              else {
                setTokens([result.token]);
                // The page prints the shared copy's address (PrintedAddress): rendered again with the new link.
                router.refresh();
              }
            })
          }
        >
          {pending ? "Creating link…" : "Share"}
        </Button>
      )}
      {tokens.map((token) => (
        <ShareLinkRow
          key={token}
          token={token}
          onRevoked={() => {
            setTokens((all) => all.filter((t) => t !== token));
            setStatus("Link revoked: it now answers “not found”.");
            router.refresh();
          }}
        />
      ))}
      <span role="status" className="text-sm text-muted-foreground" data-testid="share-status">
        {status}
      </span>
      {error && (
        <span role="alert" className="text-sm text-danger">
          {error}
        </span>
      )}
    </div>
  );
}
