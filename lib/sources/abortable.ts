/**
 * A queued job as its caller sees it under `signal`: settles as the job does, or rejects at once with the signal's
 * reason when the signal aborts first (the job itself may still run or settle later; its own rejection is then
 * swallowed, having been reported through this race). Without a signal, the job itself.
 */
export function untilAborted<T>(job: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return job;
  job.catch(() => {});
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    job.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
