"use client";

import { useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { deleteReport } from "@/app/_server/report-actions";
import { BusyButton, Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useServerAction } from "@/components/ui/use-server-action";

/**
 * "Delete" asks for confirmation in a modal dialog (Escape or "Cancel" keeps the run), then deletes the run and
 * refreshes the list. When the run has live share links, the dialog says they keep working and offers to revoke
 * them too.
 */
export function DeleteRunButton({
  runId,
  question,
  liveShareLinks,
}: {
  runId: string;
  question: string;
  liveShareLinks: number;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const router = useRouter();
  const { pending, error, run } = useServerAction();
  const [revoke, setRevoke] = useState(false);
  const close = () => dialog.current?.close();
  return (
    <>
      <Button
        variant="danger"
        aria-label={`Delete “${question}”`}
        data-testid="delete-button"
        onClick={() => dialog.current?.showModal()}
      >
        Delete
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        data-testid="delete-dialog"
        className={
          "m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-border bg-card p-5 text-foreground " +
          "shadow-xl backdrop:bg-black/40"
        }
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Delete this run?
        </h2>
        <p id={`${id}-text`} className="mt-2 text-sm text-muted-foreground">
          “{question}” will be deleted with its timeline, hypotheses, scores and report. This cannot be undone.
          {liveShareLinks > 0 &&
            ` Its ${liveShareLinks === 1 ? "share link keeps" : `${liveShareLinks} share links keep`} showing ` +
              `the frozen copy unless you revoke ${liveShareLinks === 1 ? "it" : "them"}.`}
        </p>
        {liveShareLinks > 0 && (
          <label className="mt-3 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={revoke}
              onChange={(e) => setRevoke(e.target.checked)}
              className="size-4 accent-(--accent)"
            />
            Also revoke {liveShareLinks === 1 ? "its share link" : `its ${liveShareLinks} share links`}
          </label>
        )}
        <ErrorAlert error={error} as="p" className="mt-3 text-sm" />
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={close} autoFocus>
            Cancel
          </Button>
          <BusyButton
            variant="danger"
            pending={pending}
            busyLabel="Deleting…"
            onClick={() =>
              run(
                () => deleteReport({ runId, revokeShareLinks: revoke }),
                () => {
                  close();
                  router.refresh();
                },
              )
            }
          >
            Delete run
          </BusyButton>
        </div>
      </dialog>
    </>
  );
}
