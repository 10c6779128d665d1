/*
 * The warning CRITICA_AUTH=off deserves: without accounts anyone who can reach the server can read every
 * run by its id and start runs, so a server bound to anything but loopback says so loudly at start.
 */

/**
 * The address `next start` binds to: its `-H`/`--hostname` argument, else the HOSTNAME environment variable (as
 * Next.js's standalone server reads it), else every interface (Next.js's default, "0.0.0.0 / ::").
 */
export function bindHost(argv: readonly string[], env: { HOSTNAME?: string }): string {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if ((arg === "-H" || arg === "--hostname") && argv[i + 1]) return argv[i + 1];
    const m = /^--hostname=(.+)$/.exec(arg);
    if (m) return m[1];
  }
  return env.HOSTNAME || "0.0.0.0";
}

/**
 * The port `next start` listens on: its `-p`/`--port` argument, else the PORT environment variable, else 3000
 * (Next.js's order and default).
 */
export function listenPort(argv: readonly string[], env: { PORT?: string }): number {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = arg === "-p" || arg === "--port" ? argv[i + 1] : /^--port=(\d+)$/.exec(arg)?.[1];
    if (value && /^\d+$/.test(value)) return Number(value);
  }
  return env.PORT && /^\d+$/.test(env.PORT) ? Number(env.PORT) : 3000;
}

/** Whether a host name or address is loopback only: localhost, 127.0.0.0/8 or ::1. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

/** The warning to log at start, or null when accounts are on or the server is bound to loopback only. */
export function authOffWarning(auth: "on" | "off", host: string): string | null {
  if (auth === "on" || isLoopback(host)) return null;
  return (
    `critica: WARNING: CRITICA_AUTH=off and the server listens on ${host}, not only on loopback: anyone who ` +
    `can reach ` +
    `it can start runs and read every run whose address they know. Set CRITICA_AUTH=on (the default), or bind to ` +
    `127.0.0.1 (next start -H 127.0.0.1).`
  );
}
