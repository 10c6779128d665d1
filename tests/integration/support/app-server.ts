import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/** A `next start` process of the production build that a test owns: its own process group, ended by PID. */
export interface AppServer {
  pid: number;
  port: number;
  origin: string;
  /** Everything the server printed (stdout and stderr). */
  output(): string;
  /** SIGKILL to the server's whole process group (kill -9: no shutdown handlers run). */
  kill9(): Promise<void>;
  /** SIGTERM to the process group, then SIGKILL after 5 s. */
  stop(): Promise<void>;
  /** Resolves once the server process has exited (killed itself, crashed, or was ended). */
  exited(): Promise<void>;
}

/** A free loopback port (bound, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Starts `next start -p <port>` on the production build (NEXT_DIST_DIR, default .next) in a new process group
 * (detached), with `env` added to the environment, and resolves once GET /api/health answers 200, or, with
 * `exitOk` (a server armed to kill itself, which may do so before it answers), once it has exited.
 * @throws when the server exits (without `exitOk`) or is not healthy within `timeoutMs`.
 */
export async function startAppServer(
  env: Record<string, string>,
  options: { port?: number; timeoutMs?: number; exitOk?: boolean } = {},
): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: process.cwd(),
      // The server is not under vitest: without VITEST* it logs its steps (lib/runs/step-log.ts) like a real one.
      env: {
        ...(Object.fromEntries(
          Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST")),
        ) as NodeJS.ProcessEnv),
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(port),
        ...env,
      },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const pid = child.pid!;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  const server: AppServer = {
    pid,
    port,
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    kill9: async () => {
      signalGroup("SIGKILL");
      await exited(child);
    },
    stop: async () => {
      signalGroup("SIGTERM");
      const timer = setTimeout(() => signalGroup("SIGKILL"), 5_000);
      await exited(child);
      clearTimeout(timer);
    },
    exited: () => exited(child),
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      if (options.exitOk) return server;
      throw new Error(`next start exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    }
    const ok = await fetch(`${server.origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await server.kill9();
  throw new Error(`next start was not healthy within ${options.timeoutMs ?? 60_000} ms:\n${output}`);
}
