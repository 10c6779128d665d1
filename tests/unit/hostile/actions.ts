import fc from "fast-check";
import { hostileIds, hostileString, type Hostile } from "./generators";

/*
 * Every server action, with hostile arguments. A client calls an action with whatever arguments it likes (React
 * decodes them from the request: strings, numbers, objects, arrays, FormData, null), so each parameter gets values
 * of every type, not only the type its signature declares.
 */

/** One action under test: its argument lists, and how to call it. */
export interface ActionCase {
  action: string;
  inputs: fc.Arbitrary<Hostile<unknown[]>>;
  call(args: unknown[]): Promise<unknown>;
}

/** Any argument value a client can send. */
const anyArgument: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, undefined, true, 0, -1, 1e308, "", {}, []),
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
);

/** FormData with the form's fields set to hostile strings, repeated, missing, or as files. */
function hostileForm(fields: string[]): fc.Arbitrary<FormData> {
  return fc
    .array(
      fc.tuple(
        fc.constantFrom(...fields, "__proto__", "extra"),
        fc.oneof(hostileString, fc.constantFrom("pubmed", "local", "3", "extractive")),
        fc.boolean(),
      ),
      { maxLength: 6 },
    )
    .map((entries) => {
      const form = new FormData();
      for (const [name, value, asFile] of entries) form.append(name, asFile ? new Blob([value]) : value);
      return form;
    });
}

/** A form argument: hostile FormData, or any other value in its place. */
const formArgument = (fields: string[]) =>
  fc.oneof(
    { weight: 2, arbitrary: hostileForm(fields).map((f) => f as unknown) },
    { weight: 1, arbitrary: anyArgument },
  );

function args(...parts: Array<fc.Arbitrary<unknown>>): fc.Arbitrary<Hostile<unknown[]>> {
  return fc.tuple(...parts).map((values) => ({
    label: JSON.stringify(values, (_k, v) =>
      v instanceof FormData
        ? Object.fromEntries([...v.keys()].map((k) => [k, "…"]))
        : typeof v === "string" && v.length > 60
          ? `${v.slice(0, 20)}…(${v.length})`
          : v,
    ),
    value: values,
  }));
}

/** The action cases. `knownRuns` are run ids it may name (never the owner's fixture run, which delete would remove). */
export async function actionCases(knownRuns: string[], shareToken: string): Promise<ActionCase[]> {
  const account = await import("@/app/_server/account-actions");
  const report = await import("@/app/_server/report-actions");
  const research = await import("@/app/_server/research-actions");
  const share = await import("@/app/_server/share-actions");
  const start = await import("@/app/_server/start-actions");
  const id = fc.oneof(
    hostileIds(knownRuns).map((h) => h.value as unknown),
    anyArgument,
  );
  const token = fc.oneof(
    fc.constant(shareToken as unknown),
    hostileString.map((v) => v as unknown),
    anyArgument,
  );
  const call = (fn: unknown) => (a: unknown[]) => (fn as (...xs: unknown[]) => Promise<unknown>)(...a);
  return [
    {
      action: "createApiKeyAction",
      inputs: args(anyArgument, formArgument(["name"])),
      call: call(account.createApiKeyAction),
    },
    {
      action: "revokeApiKeyAction",
      inputs: args(
        fc.oneof(
          anyArgument,
          hostileString.map((v) => v as unknown),
        ),
      ),
      call: call(account.revokeApiKeyAction),
    },
    { action: "claimRunsAction", inputs: args(anyArgument), call: call(account.claimRunsAction) },
    {
      action: "inviteUserAction",
      inputs: args(anyArgument, formArgument(["name", "email", "password"])),
      call: call(account.inviteUserAction),
    },
    {
      action: "startRunAction",
      inputs: args(
        fc.oneof(fc.constantFrom("research", "claim-check"), anyArgument),
        anyArgument,
        formArgument(["question", "text", "sources", "maxIterations", "onProviderError"]),
      ),
      call: call(start.startRunAction),
    },
    {
      action: "deleteReport",
      inputs: args(fc.oneof(anyArgument, fc.record({ runId: id, revokeShareLinks: anyArgument }))),
      call: call(report.deleteReport),
    },
    { action: "rerunReport", inputs: args(id), call: call(report.rerunReport) },
    { action: "cancelResearch", inputs: args(id), call: call(research.cancelResearch) },
    {
      action: "retryUnreachableSource",
      inputs: args(formArgument(["source"])),
      call: call(research.retryUnreachableSource),
    },
    { action: "shareRun", inputs: args(id), call: call(share.shareRun) },
    { action: "revokeShare", inputs: args(token), call: call(share.revokeShare) },
    { action: "signOutAction", inputs: args(anyArgument), call: call(account.signOutAction) },
  ];
}
