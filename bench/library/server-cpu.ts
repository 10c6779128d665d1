import fs from "node:fs";

/**
 * CPU time of the Postgres server processes serving one database, read from Linux's /proc/<pid>/schedstat (time on
 * a CPU, ns) of the processes whose title names the database ("postgres: 15/main: critica <database> …"). Works when
 * the server runs on this machine; elsewhere (or on SQLite) every reading is 0. Backends that exit between readings
 * keep their last reading, so a connection closed during a measurement still counts when the sampler ran meanwhile.
 */
export class ServerCpu {
  private readonly last = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(readonly database: string | null) {}

  /**
   * Reads the backends now; @returns their total CPU so far (µs), including those that exited since the first read.
   */
  read(): number {
    if (!this.database) return 0;
    for (const pid of fs.existsSync("/proc") ? fs.readdirSync("/proc") : []) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (!fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").startsWith("postgres:")) continue;
        if (!fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(` ${this.database} `)) continue;
        this.last.set(Number(pid), Number(fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]) / 1000);
      } catch {
        // The process ended while being read.
      }
    }
    return [...this.last.values()].reduce((a, b) => a + b, 0);
  }

  /** Reads every `ms` until stopped (for measurements spanning connections that close). */
  sample(ms = 250): this {
    this.timer ??= setInterval(() => this.read(), ms);
    this.timer.unref();
    return this;
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/** The database name of a Postgres URL, or null for SQLite. */
export function postgresDatabase(url: string): string | null {
  return /^postgres(ql)?:\/\//.test(url) ? decodeURIComponent(new URL(url).pathname.slice(1)) : null;
}
