import { expect } from "vitest";
import type { AppServer } from "./app-server";

/** Signs an account up on a server through better-auth's HTTP endpoint. @returns its session cookie and user id. */
export async function signUpOn(server: AppServer, email: string): Promise<{ cookie: string; userId: string }> {
  const res = await fetch(`${server.origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.origin },
    body: JSON.stringify({ name: email.split("@")[0], email, password: "correct horse battery" }),
  });
  if (res.status !== 200) throw new Error(`sign-up ${email} on ${server.origin}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, userId: ((await res.json()) as { user: { id: string } }).user.id };
}

/** One forged delivery and how the server answered it. */
export interface ForgedAnswer {
  path: string;
  credential: string;
  status: number;
  body: string;
}

/**
 * Posts forged Workflow SDK queue messages, as an outsider would, to the engine's endpoints of `origin`: to /flow a
 * workflow invocation of the run `workflowRunId` (which would replay or wake it), to /step a step invocation of it,
 * each with the three queue headers, once per credential (none, each of `cookies`, and made-up HTTP Basic
 * credentials of the engine's user), plus a GET of the webhook route.
 */
export async function forgedDeliveries(
  origin: string,
  workflowRunId: string,
  cookies: Array<string | null>,
): Promise<ForgedAnswer[]> {
  const messages = [
    {
      path: "/.well-known/workflow/v1/flow",
      queue: "__wkf_workflow_workflow//./lib/research/workflow//researchWorkflow",
      body: { runId: workflowRunId, requestedAt: new Date().toISOString() },
    },
    {
      path: "/.well-known/workflow/v1/step",
      queue: "__wkf_step_step//./lib/research/workflow//finishStep",
      body: {
        workflowName: "workflow//./lib/research/workflow//researchWorkflow",
        workflowRunId,
        workflowStartedAt: Date.now(),
        stepId: "step_01JFORGED0000000000000000",
      },
    },
  ];
  const credentials: Array<{ name: string; headers: Record<string, string> }> = [
    ...cookies.map((cookie, i) => ({
      name: cookie ? `cookie ${i}` : "none",
      headers: cookie ? { cookie } : ({} as Record<string, string>),
    })),
    {
      name: "guessed basic",
      headers: { authorization: `Basic ${Buffer.from("critica-engine:guess").toString("base64")}` },
    },
  ];
  const answers: ForgedAnswer[] = [];
  for (const message of messages) {
    for (const credential of credentials) {
      const res = await fetch(`${origin}${message.path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-vqs-queue-name": message.queue,
          "x-vqs-message-id": "msg_01JFORGED00000000000000000",
          "x-vqs-message-attempt": "1",
          ...credential.headers,
        },
        body: JSON.stringify(message.body),
      });
      answers.push({ path: message.path, credential: credential.name, status: res.status, body: await res.text() });
    }
  }
  const webhook = await fetch(`${origin}/.well-known/workflow/v1/webhook/forged-token`);
  answers.push({
    path: "/.well-known/workflow/v1/webhook/forged-token",
    credential: "none",
    status: webhook.status,
    body: await webhook.text(),
  });
  return answers;
}

/**
 * Starts a one-iteration research run on `server` as the holder of `cookie` (POST /api/runs) and waits until the
 * shared database says it completed. @returns its id and the Workflow SDK's id of its durable run.
 */
export async function completedRun(
  server: AppServer,
  cookie: string,
  timeoutMs: number,
): Promise<{ runId: string; workflowRunId: string }> {
  const { getDb } = await import("@/lib/db/client");
  const res = await fetch(`${server.origin}/api/runs`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: server.origin },
    body: JSON.stringify({ question: "Does doxorubicin cause cardiotoxicity?", maxIterations: 1 }),
  });
  expect(res.status).toBe(202);
  const { runId } = (await res.json()) as { runId: string };
  await expect
    .poll(async () => (await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status, {
      timeout: timeoutMs,
      interval: 250,
    })
    .toBe("completed");
  const { workflowRunId } = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
  expect(workflowRunId).toMatch(/^wrun_/);
  return { runId, workflowRunId: workflowRunId! };
}
