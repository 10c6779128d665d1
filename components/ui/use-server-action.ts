"use client";

import { useState, useTransition } from "react";
import type { ActionError } from "@/app/_server/action-result";

/**
 * A server action called from a button: `run(call, onSuccess)` clears the last error, awaits `call` inside a
 * transition (so `pending` is true until it settles), then keeps the `{ error }` it answered, or hands any other
 * answer to `onSuccess`.
 * @returns `pending`, the last `error` (null when none) and `run`.
 */
export function useServerAction() {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  function run<T extends object>(call: () => Promise<T | ActionError>, onSuccess?: (result: T) => void) {
    start(async () => {
      setError(null);
      const result = await call();
      if ("error" in result) setError(result.error);
      else onSuccess?.(result);
    });
  }
  return { pending, error, run };
}
