import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "@/tests/integration/support/app-server";

// GET /api/health on the production build with SQLite and the Workflow SDK's local world (the embedded default):
// a load balancer must see the instance down when the world's data directory cannot be written, not only when the
// database is. (The Postgres world's health is checked in postgres-failover.test.ts, on its two instances.)
describe("health of one SQLite instance: database and local world", () => {
  let dir: string;
  let server: AppServer;
  let dataDir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-health-"));
    dataDir = path.join(dir, "critica.db.workflow");
    server = await startAppServer({
      DATABASE_URL: `file:${path.join(dir, "critica.db")}`,
      CRITICA_ENGINE: "workflow",
      WORKFLOW_LOCAL_DATA_DIR: dataDir,
      OPENAI_API_KEY: "",
    });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "answers 200 when both are up, 503 naming the world while its data directory is not writable, and 200 once it " +
      "is back",
    async () => {
      const health = async () => {
        const res = await fetch(`${server.origin}/api/health`);
        return { status: res.status, body: await res.json() };
      };
      expect(await health()).toEqual({
        status: 200,
        body: { ok: true, database: { ok: true, kind: "sqlite" }, world: { ok: true, kind: "local" } },
      });

      // The world's files become unreachable (a lost volume mount, say): a file stands where its directory was.
      const away = `${dataDir}.away`;
      fs.renameSync(dataDir, away);
      fs.writeFileSync(dataDir, "not a directory");
      try {
        const down = await health();
        expect(down).toEqual({
          status: 503,
          body: {
            ok: false,
            database: { ok: true, kind: "sqlite" },
            world: { ok: false, kind: "local", error: expect.any(String) },
          },
        });
        expect(down.body.world.error).toMatch(
          new RegExp(
            `^Data directory "${dataDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}" is not writable: ENOTDIR: not a ` +
              `directory, open '.*/\\.workflow-write-test-\\d+'$`,
          ),
        );
      } finally {
        fs.rmSync(dataDir);
        fs.renameSync(away, dataDir);
      }
      expect(await health()).toEqual({
        status: 200,
        body: { ok: true, database: { ok: true, kind: "sqlite" }, world: { ok: true, kind: "local" } },
      });
    },
  );
});
