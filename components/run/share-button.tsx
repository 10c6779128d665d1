"use client";

import { useRouter } from "next/navigation";
import { useState, useSyncExternalStore } from "react";
import { revokeShare, shareRun } from "@/app/_server/share-actions";
import { BusyButton, Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useServerAction } from "@/components/ui/use-server-action";

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
  const { pending, error, run } = useServerAction();
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
      <BusyButton
        variant="danger"
        pending={pending}
        busyLabel="Revoking…"
        onClick={() => run(() => revokeShare(token), onRevoked)}
      >
        Revoke link
      </BusyButton>
      <ErrorAlert error={error} />
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
  const { pending, error, run } = useServerAction();
  const [tokens, setTokens] = useState(initialTokens);
  const [status, setStatus] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="share-controls">
      {tokens.length === 0 && (
        <BusyButton
          variant="secondary"
          pending={pending}
          busyLabel="Creating link…"
          onClick={() => {
            setStatus(null);
            run(
              () => shareRun(runId),
              (result) => {
                setTokens([result.token]);
                // The page prints the shared copy's address (PrintedAddress): rendered again with the new link.
                router.refresh();
              },
            );
          }}
        >
          Share
        </BusyButton>
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
      <ErrorAlert error={error} />
    </div>
  );
}
