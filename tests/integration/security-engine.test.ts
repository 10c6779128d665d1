import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { changedTables, databaseDigest } from "@/tests/support/db-digest";
import { startAppServer, type AppServer } from "@/tests/integration/support/app-server";
import { completedRun, forgedDeliveries, signUpOn } from "@/tests/integration/support/attacker";

/**
 * Signs an account up through `server` claiming HTTPS (X-Forwarded-Proto), from the page origin `origin` (https:
 * when the server believes the claim, since it checks Origin against what it believes), and returns its session
 * cookie's attributes, sorted, lower case.
 */
async function sessionCookieAttributes(server: AppServer, email: string, origin: string): Promise<string[]> {
  const res = await fetch(`${server.origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, "x-forwarded-proto": "https" },
    body: JSON.stringify({ name: "c", email, password: "correct horse battery" }),
  });
  expect(res.status).toBe(200);
  const session = res.headers.getSetCookie().find((c) => /^better-auth\.session_token=/.test(c))!;
  return session
    .split(/;\s*/)
    .slice(1)
    .map((a) => a.toLowerCase())
    .sort();
}

// The production build probed from outside as an attacker would (SQLite, the Workflow SDK's local world, accounts
// on): the engine's queue endpoints are closed (it delivers in process), while durable runs still complete;
// X-Forwarded-For does not dodge the sign-in limit unless the proxy is trusted; session cookies are HttpOnly and
// SameSite=Lax, and Secure with HSTS only over HTTPS as a trusted proxy says; security.txt is served to anyone.
describe("the production server seen by an attacker (SQLite, local world)", () => {
  let dir: string;
  let fixtures: FixtureServer;
  let server: AppServer | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-security-"));
    fixtures = await startFixtureServer();
    env = {
      DATABASE_URL: `file:${path.join(dir, "critica.db")}`,
      CRITICA_AUTH: "on",
      CRITICA_ENGINE: "workflow",
      OPENAI_API_KEY: "",
      CRITICA_SOURCES: "pubmed,europepmc,ctgov",
      PUBMED_BASE_URL: fixtures.urls.pubmed,
      EUROPEPMC_BASE_URL: fixtures.urls.europepmc,
      CTGOV_BASE_URL: fixtures.urls.ctgov,
      CRITICA_SECURITY_CONTACT: "mailto:security@lab.org",
    };
    process.env.DATABASE_URL = env.DATABASE_URL;
  });
  afterAll(async () => {
    await server?.kill9();
    await fixtures.close();
    const { getDb } = await import("@/lib/db/client");
    await getDb().$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses forged queue messages with 404, changing nothing, while a durable run completes in process", async () => {
    const { getDb } = await import("@/lib/db/client");
    server = await startAppServer(env);
    const owner = await signUpOn(server, "owner@lab.org");
    const { runId, workflowRunId } = await completedRun(server, owner.cookie, 90_000);

    const worldDir = `${path.join(dir, "critica.db")}.workflow`;
    // The world records its run's end just after the run's last step: wait for it, so the snapshot is at rest.
    const worldRun = () =>
      JSON.parse(fs.readFileSync(path.join(worldDir, "runs", `${workflowRunId}.json`), "utf8")) as { status: string };
    await expect.poll(() => worldRun().status, { timeout: 30_000, interval: 200 }).toBe("completed");
    const worldFiles = () =>
      fs
        .readdirSync(worldDir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map(
          (e) =>
            `${path.relative(worldDir, path.join(e.parentPath, e.name))}:` +
            `${fs.statSync(path.join(e.parentPath, e.name)).size}`,
        )
        .sort();
    // The run's last event file can land a moment after its status: the snapshot waits until the world is still for 1
    // s.
    let atRest = worldFiles();
    await expect
      .poll(
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          const now = worldFiles();
          const still = JSON.stringify(now) === JSON.stringify(atRest);
          atRest = now;
          return still;
        },
        { timeout: 30_000, interval: 0 },
      )
      .toBe(true);
    const before = { db: await databaseDigest(getDb()), world: atRest };
    const answers = await forgedDeliveries(server.origin, workflowRunId, [null, owner.cookie]);
    expect(answers.map((a) => [a.path, a.status])).toEqual(answers.map((a) => [a.path, 404]));
    expect(answers.every((a) => a.body === '{"error":"Not found."}')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(changedTables(before.db, await databaseDigest(getDb()))).toEqual([]);
    expect(worldFiles()).toEqual(before.world);
    console.log(
      `engine (local world): ${answers.length} forged deliveries answered 404; database and world files ` +
        `unchanged; run ${runId} completed in process`,
    );
  });

  it(
    "sets session cookies HttpOnly and SameSite=Lax (not Secure over plain HTTP, whatever the client claims), no " +
      "HSTS, and serves security.txt to anyone",
    async () => {
      const session = await sessionCookieAttributes(server!, "cookies@lab.org", server!.origin);
      expect(session).toEqual(["httponly", "max-age=604800", "path=/", "samesite=lax"]);
      // A client's own X-Forwarded-Proto is not believed: no HSTS over plain HTTP.
      const spoofed = await fetch(`${server!.origin}/sign-in`, { headers: { "x-forwarded-proto": "https" } });
      expect(spoofed.headers.get("strict-transport-security")).toBeNull();
      const txt = await fetch(`${server!.origin}/.well-known/security.txt`);
      expect(txt.status).toBe(200);
      const lines = (await txt.text()).split("\n");
      expect(lines[0]).toBe("Contact: mailto:security@lab.org");
      expect(new Date(lines[1].replace("Expires: ", "")).getTime() - Date.now()).toBeGreaterThan(170 * 86_400_000);
      expect(lines[3]).toBe(`Canonical: ${server!.origin}/.well-known/security.txt`);
    },
  );

  it(
    "counts sign-in attempts per real client: rotating X-Forwarded-For is refused after 10, unless the proxy is " +
      "trusted",
    async () => {
      const attempts = async (tag: string) => {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) {
          const r = await fetch(`${server!.origin}/api/auth/sign-in/email`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              origin: server!.origin,
              "x-forwarded-for": `203.0.113.${i + 1}`,
            },
            body: JSON.stringify({ email: `${tag}${i}@lab.org`, password: "wrong password" }),
          });
          statuses.push(r.status);
        }
        return statuses;
      };
      // Untrusted: every attempt comes from 127.0.0.1, whatever it claims.
      expect(await attempts("untrusted")).toEqual([...Array(10).fill(401), 429]);

      await server!.stop();
      server = await startAppServer({ ...env, CRITICA_TRUSTED_PROXIES: "127.0.0.1" });
      // Behind a trusted proxy (the test client is on 127.0.0.1) each forwarded address is its own client.
      expect(await attempts("trusted")).toEqual(Array(11).fill(401));
      // Behind a trusted TLS-terminating proxy: HSTS, and Secure session cookies.
      const https = await fetch(`${server.origin}/sign-in`, { headers: { "x-forwarded-proto": "https" } });
      expect(https.headers.get("strict-transport-security")).toBe("max-age=31536000");
      expect(
        await sessionCookieAttributes(server, "secure-cookies@lab.org", server.origin.replace(/^http:/, "https:")),
      ).toEqual(["httponly", "max-age=604800", "path=/", "samesite=lax", "secure"]);
    },
  );
});
