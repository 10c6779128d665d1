import { describe, expect, it } from "vitest";
import { ENGINE_USER, engineDeliveryBaseUrl, engineRefusal, setEngineAccess } from "@/lib/auth/engine-gate";

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString("base64")}`;
const PASSWORD = "k".repeat(43);

// The durable engine's endpoints answer the engine only (the production build is checked in
// tests/integration/security-engine.test.ts with both worlds).
describe("the gate of the durable engine's endpoints", () => {
  it("lets every other path through", () => {
    setEngineAccess({ kind: "in-process" });
    expect(
      ["/api/runs", "/.well-known/security.txt", "/well-known/workflow/v1/flow"].map((p) => engineRefusal(p, null)),
    ).toEqual([null, null, null]);
  });

  it(
    "refuses everything under /.well-known/workflow/ with 404 when the engine delivers in process (local world), " +
      "credentials or not",
    () => {
      setEngineAccess({ kind: "in-process" });
      for (const path of [
        "/.well-known/workflow/v1/flow",
        "/.well-known/workflow/v1/step",
        "/.well-known/workflow/v1/webhook/abc",
        "/.well-known/workflow/v1/flow/",
      ]) {
        expect(engineRefusal(path, basic(`${ENGINE_USER}:${PASSWORD}`))).toEqual({ status: 404, error: "Not found." });
      }
    },
  );

  it(
    "with the Postgres world, lets /flow and /step through only with the engine's credentials (401 otherwise), " +
      "and 404s the rest",
    () => {
      setEngineAccess({ kind: "credentials", password: PASSWORD });
      const refused = { status: 401, error: "The durable engine's endpoints answer the engine only." };
      expect(engineRefusal("/.well-known/workflow/v1/flow", basic(`${ENGINE_USER}:${PASSWORD}`))).toBeNull();
      expect(engineRefusal("/.well-known/workflow/v1/step", basic(`${ENGINE_USER}:${PASSWORD}`))).toBeNull();
      for (const authorization of [
        null,
        "",
        basic(`${ENGINE_USER}:${PASSWORD.slice(1)}`),
        basic(`someone:${PASSWORD}`),
        basic(PASSWORD),
        `Bearer ${PASSWORD}`,
        "Basic !!!",
      ]) {
        expect(engineRefusal("/.well-known/workflow/v1/step", authorization)).toEqual(refused);
      }
      expect(engineRefusal("/.well-known/workflow/v1/webhook/x", basic(`${ENGINE_USER}:${PASSWORD}`))).toEqual({
        status: 404,
        error: "Not found.",
      });
    },
  );

  it("refuses everything when nothing was set up (inline engine), and nothing in `next dev`", () => {
    setEngineAccess(undefined as never);
    expect(engineRefusal("/.well-known/workflow/v1/flow", null)?.status).toBe(404);
    setEngineAccess({ kind: "open" });
    expect(engineRefusal("/.well-known/workflow/v1/flow", null)).toBeNull();
  });

  it("builds the queue worker's delivery URL with credentials as user info, on the address the server binds", () => {
    expect(engineDeliveryBaseUrl("0.0.0.0", 3000, PASSWORD)).toBe(`http://${ENGINE_USER}:${PASSWORD}@localhost:3000`);
    expect(engineDeliveryBaseUrl("127.0.0.1", 4100, PASSWORD)).toBe(`http://${ENGINE_USER}:${PASSWORD}@127.0.0.1:4100`);
    expect(engineDeliveryBaseUrl("::1", 4100, PASSWORD)).toBe(`http://${ENGINE_USER}:${PASSWORD}@[::1]:4100`);
  });
});
