import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// The server actions read the browser session from its cookie; here the cookie is whatever `session.id` says.
const session = vi.hoisted(() => ({ id: null as string | null }));
vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (name === "critica_session" && session.id ? { value: session.id } : undefined),
    set: () => undefined,
  }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Error(`redirect ${url}`);
  },
}));

const { deleteReport, rerunReport } = await import("@/app/_server/report-actions");
const { revokeShare, shareRun } = await import("@/app/_server/share-actions");
const { getDb } = await import("@/lib/db/client");
const { createRun } = await import("@/lib/db/runs");
const { getSharedSnapshot } = await import("@/lib/db/share-links");
const { getRunSettings } = await import("@/lib/db/history");
const { useTempDatabase } = await import("@/tests/support/temp-database");

const ALICE = "alice-session-aaaaaaaaaaaaaaaa";
const BOB = "bob-session-bbbbbbbbbbbbbbbbbbbb";

const SETTINGS = {
  mode: "research" as const,
  question: "Is lithium nephrotoxic?",
  sources: ["local" as const],
  maxIterations: 2,
  onProviderError: "extractive" as const,
};

async function seed(status: "completed" | "running" = "completed"): Promise<string> {
  const id = crypto.randomUUID();
  await createRun({ id, settings: SETTINGS, backend: "extractive", model: null, ownerId: ALICE });
  await getDb().run.update({ where: { id }, data: { status } });
  return id;
}

describe("report and share server actions check who may act on the report", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("report-actions"));
  });
  afterAll(() => cleanup());
  beforeEach(() => {
    session.id = null;
  });

  it("refuses another session's share, revoke, delete and re-run, and changes nothing", async () => {
    const id = await seed();
    session.id = ALICE;
    const shared = await shareRun(id);
    if (!("token" in shared)) throw new Error(shared.error);
    expect(shared.path).toBe(`/share/${shared.token}`);

    for (const who of [BOB, null]) {
      session.id = who;
      expect(await shareRun(id)).toEqual({ error: "Only the browser that started this run can share it." });
      expect(await revokeShare(shared.token)).toEqual({
        error: "Only the browser that started this run can revoke its links.",
      });
      expect(await deleteReport({ runId: id, revokeShareLinks: true })).toEqual({
        error: "Only the browser that started this run can delete it.",
      });
      expect(await rerunReport(id)).toEqual({ error: "Only the browser that started this run can re-run it." });
    }
    expect(await getDb().run.count({ where: { id } })).toBe(1);
    expect(await getDb().run.count()).toBe(1);
    expect(await getSharedSnapshot(shared.token)).not.toBeNull();
  });

  it("rejects malformed input with a clear message", async () => {
    session.id = ALICE;
    expect(await shareRun("not-a-uuid")).toEqual({ error: "Unknown run." });
    expect(await revokeShare("short")).toEqual({ error: "Unknown link." });
    expect(await deleteReport({ runId: crypto.randomUUID(), revokeShareLinks: false })).toEqual({
      error: "Unknown run.",
    });
    expect(await deleteReport({ runId: "x", revokeShareLinks: "yes" } as never)).toEqual({ error: "Unknown run." });
    expect(await rerunReport(crypto.randomUUID())).toEqual({ error: "Unknown run." });
  });

  it("lets the owner revoke a link and delete the run, keeping or revoking its other links as asked", async () => {
    const id = await seed();
    session.id = ALICE;
    const [a, b] = [await shareRun(id), await shareRun(id)] as Array<{ token: string }>;
    expect(await revokeShare(a.token)).toEqual({ ok: true });
    expect(await getSharedSnapshot(a.token)).toBeNull();
    expect(await deleteReport({ runId: id, revokeShareLinks: false })).toEqual({ ok: true });
    expect(await getDb().run.count({ where: { id } })).toBe(0);
    expect(await getSharedSnapshot(b.token)).not.toBeNull();
    // The run is gone, so no session can prove it owns the remaining link.
    expect(await revokeShare(b.token)).toEqual({
      error: "The report behind this link was deleted, so the link can no longer be revoked from here.",
    });

    const other = await seed();
    const c = (await shareRun(other)) as { token: string };
    expect(await deleteReport({ runId: other, revokeShareLinks: true })).toEqual({ ok: true });
    expect(await getSharedSnapshot(c.token)).toBeNull();
  });

  it("re-runs a run with the settings it was started with, for the caller's session", async () => {
    const id = await seed();
    session.id = ALICE;
    const redirect = await rerunReport(id).then(
      () => null,
      (error: Error) => error.message,
    );
    const newId = /^redirect \/reports\/([0-9a-f-]{36})$/.exec(redirect ?? "")?.[1];
    expect(newId).toBeDefined();
    expect(newId).not.toBe(id);
    // The settings name the run's owner, whose papers ("My papers") a durable step reads.
    expect(await getRunSettings(newId!)).toEqual({ ...SETTINGS, owner: ALICE });
    expect((await getDb().run.findUniqueOrThrow({ where: { id: newId } })).ownerId).toBe(ALICE);
    // Let the new run (on an empty library) finish before the database goes away.
    await expect
      .poll(async () => (await getDb().run.findUniqueOrThrow({ where: { id: newId } })).status, { timeout: 20_000 })
      .toBe("completed");
  });

  it("does not delete or share a running run", async () => {
    const id = await seed("running");
    session.id = ALICE;
    expect(await deleteReport({ runId: id, revokeShareLinks: false })).toEqual({
      error: "Cancel the run before deleting it.",
    });
    expect(await shareRun(id)).toEqual({ error: "Wait for the run to finish before sharing it." });
  });
});
