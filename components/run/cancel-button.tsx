"use client";

import { useState, useTransition } from "react";
import { cancelResearch } from "@/app/_server/research-actions";
import { Button } from "@/components/ui/button";

/** Cancels a running run; what it found so far is kept. */
export function CancelButton({ runId }: { runId: string }) {
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="danger"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const result = await cancelResearch(runId);
            setMessage("error" in result ? result.error : result.message);
          })
        }
      >
        Cancel run
      </Button>
      {message && (
        <span role="status" className="text-sm text-muted-foreground">
          {message}
        </span>
      )}
    </span>
  );
}
