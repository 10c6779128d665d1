import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** A production Next.js server started by the bench (`next start`), stopped by its own process id. */
export interface BenchServer {
  origin: string;
  /** The last 4,000 characters the server wrote (stdout and stderr), e.g. to explain a failed request. */
  log(): string;
  stop(): Promise<void>;
}

/** Whether a production build exists (`next build` writes .next/BUILD_ID). */
export function hasProductionBuild(cwd = process.cwd()): boolean {
  return fs.existsSync(path.join(cwd, process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID"));
}

/**
 * Starts `next start -p <port>` on the production build with `env` added (the bench's database and loopback
 * sources), and waits until GET /api/health answers 200 (at most `timeoutMs`).
 * @throws Error when the server exits or does not answer in time (the server is stopped first).
 */
export async function startBenchServer(
  port: number,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<BenchServer> {
  const bin = path.join(process.cwd(), "node_modules", ".bin", "next");
  const child: ChildProcess = spawn(bin, ["start", "-p", String(port)], {
    env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: "1", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  child.stderr?.on("data", (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, log: () => log, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`next start did not answer within ${timeoutMs} ms:\n${log}`);
}
