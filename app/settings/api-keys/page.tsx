import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { ApiKeysPanel } from "@/components/auth/api-keys-panel";
import { canManageAccount } from "@/lib/auth/rules";
import { getAuth } from "@/lib/auth/server";
import { getCaller } from "@/app/_server/caller";

export const metadata = { title: "API keys" };

/**
 * The signed-in user's personal API keys: create one (its value is shown once; only a hash is stored) and revoke
 * them. A key acts as its owner on the HTTP API, with the same access rules (lib/auth/rules.ts).
 */
export default async function ApiKeysPage() {
  await connection();
  // Keys are managed from a signed-in browser session only, never with a key (lib/auth/api-key-scope.ts).
  if (!canManageAccount(await getCaller())) redirect("/sign-in?next=/settings/api-keys");
  const listed = await (await getAuth()).api.listApiKeys({ headers: await headers() });
  const keys = listed.apiKeys.map((k) => ({
    id: k.id,
    name: k.name ?? null,
    start: k.start ?? null,
    createdAt: new Date(k.createdAt).toISOString(),
  }));
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">API keys</h1>
      <p className="max-w-3xl text-muted-foreground">
        A key lets a script use the HTTP API as you: start runs and claim checks, list your history, read, cancel and
        share your runs, and manage your watches. It cannot create or revoke keys, change your account or list your
        sessions. Keep it secret; revoke it when it is no longer needed or may have leaked.
      </p>
      <ApiKeysPanel keys={keys} />
    </div>
  );
}
