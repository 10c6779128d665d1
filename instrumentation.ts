/**
 * Runs once when a Next.js server starts, before it answers any request:
 * - believes forwarding headers (X-Forwarded-For/-Proto/-Host) only from CRITICA_TRUSTED_PROXIES
 *   (lib/auth/forwarded-hook.ts), so per-address limits count real clients;
 * - applies pending database migrations (idempotent);
 * - with the durable engine (CRITICA_ENGINE=workflow, the default) closes the engine's HTTP endpoints to everyone
 *   but the engine (lib/auth/engine-gate.ts) and starts the Workflow SDK's world, which re-enqueues the research
 *   runs, chat follow-ups and claim checks a previous server process left unfinished so they resume from their last
 *   completed step, and marks interrupted only the claim checks that were never enqueued (lib/runs/interrupted.ts). The
 *   local world delivers its queue messages in process; on the Postgres world the server first bootstraps the world's
 *   tables (idempotent), gives its queue worker the engine's credentials, and sweeps every 10 s for runs whose
 *   executing instance died (lib/runs/lease-sweep.ts);
 * - with the in-process engine marks every unfinished run interrupted, since its executor is gone;
 * - starts the reconciler (lib/runs/reconcile.ts): runs whose engine state finished, was lost or is stuck are ended,
 *   keeping what they found, and a cancel the engine does not answer ends its run within 10 s;
 * - with CRITICA_AUTH=off on a non-loopback address warns that the server has no access control;
 * - loads the concept vocabulary and the gene and GO lexicon in the background (lib/vocabularies/warm.ts), so that
 *   the first question does not wait for them.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getConfig } = await import("@/lib/config");
  const config = getConfig();
  const { parseTrustedProxies } = await import("@/lib/auth/client-address");
  (await import("@/lib/auth/forwarded-hook")).trustForwardedHeadersFrom(
    parseTrustedProxies(config.CRITICA_TRUSTED_PROXIES),
  );
  // A bad CRITICA_OUTBOUND_ALLOW stops the start with its message rather than failing every webhook later.
  (await import("@/lib/net/address-policy")).parseAllowList(config.CRITICA_OUTBOUND_ALLOW);
  const { applyMigrations } = await import("@/lib/db/migrate");
  const { authOffWarning, bindHost, listenPort } = await import("@/lib/auth/bind");
  const warning = authOffWarning(config.CRITICA_AUTH, bindHost(process.argv, config));
  if (warning) console.warn(warning);
  const { applied } = await applyMigrations();
  if (applied.length) console.log(`critica: applied migrations ${applied.join(", ")}`);
  const durable = config.CRITICA_ENGINE === "workflow";
  if (durable) {
    const { bootstrapPostgresWorld, deliverInProcess, usingPostgresWorld } = await import("@/lib/db/workflow-world");
    const { ENGINE_KEY_PURPOSE, engineDeliveryBaseUrl, setEngineAccess } = await import("@/lib/auth/engine-gate");
    const postgresWorld = usingPostgresWorld();
    if (postgresWorld) {
      await bootstrapPostgresWorld(process.env.WORKFLOW_POSTGRES_URL ?? config.DATABASE_URL);
      // The queue worker posts each job to this server; the password is derived from the secret all instances share.
      const { authSecret, derivedKey } = await import("@/lib/auth/secret");
      const password = derivedKey(await authSecret(config.BETTER_AUTH_SECRET), ENGINE_KEY_PURPOSE);
      process.env.WORKFLOW_LOCAL_BASE_URL = engineDeliveryBaseUrl(
        bindHost(process.argv, config),
        listenPort(process.argv, config),
        password,
      );
      setEngineAccess({ kind: "credentials", password });
    } else if (process.env.NODE_ENV === "development") {
      setEngineAccess({ kind: "open" });
    } else {
      // The generated handlers, compiled into this bundle: the world hands them its messages directly.
      const [flow, step] = await Promise.all([
        import("./app/.well-known/workflow/v1/flow/route.js"),
        import("./app/.well-known/workflow/v1/step/route.js"),
      ]);
      await deliverInProcess({ flow: flow.POST, step: step.POST });
      setEngineAccess({ kind: "in-process" });
    }
    // Tests only (off unless CRITICA_FAULT is set): lose a step's completion event as a kill -9 would.
    if (!postgresWorld) await (await import("@/lib/runs/fault")).installFault(config.CRITICA_FAULT);
    // A step lock a killed predecessor left would stop its run for ever once resumed (lib/runs/stale-step-locks.ts).
    if (!postgresWorld) {
      const { releaseStaleStepLocks } = await import("@/lib/runs/stale-step-locks");
      const released = await releaseStaleStepLocks(process.env.WORKFLOW_LOCAL_DATA_DIR || ".workflow-data");
      if (released.length) console.log(`critica: released ${released.length} step lock(s) left by a crash`);
    }
    // Without this call the local world never recovers runs interrupted by a crash (they stay "running").
    await (await import("workflow/runtime")).getWorld().start?.();
    // Several instances share the Postgres world; one killed with kill -9 keeps its jobs locked for hours, so the
    // survivors re-enqueue its runs once their lease lapses. (The local world has one instance: its start() above
    // is the recovery.)
    if (postgresWorld) (await import("@/lib/runs/lease-sweep")).startLeaseSweep();
    // Watches (docs/watches.md): start the workflow of any watch that has none (saved by the command line, or whose
    // workflow ended), now and every minute.
    (await import("@/lib/watches/sweep")).startWatchSweep();
  }
  const { failInterruptedRuns } = await import("@/lib/runs/interrupted");
  const failed = await failInterruptedRuns(durable, (await import("@/lib/modes")).registry);
  if (failed) console.log(`critica: marked ${failed} run(s) interrupted: their executor stopped`);
  // Runs whose engine state finished, was lost or is stuck are ended (interrupted, keeping what they found), at once
  // and every 15 s; a cancel the engine does not answer ends the run within 10 s (lib/runs/reconcile.ts).
  (await import("@/lib/runs/reconcile")).startReconciler(durable);
  // The vocabularies a question is read with (about 1.5 s of CPU), loaded now rather than by the first user's run;
  // not awaited, so the server answers while they load (lib/vocabularies/warm.ts yields between its parts).
  const { warmVocabularies } = await import("@/lib/vocabularies/warm");
  void warmVocabularies().then((f) => console.log(`critica: vocabularies ready in ${f.total} ms`));
}
