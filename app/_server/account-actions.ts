"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { claimUnownedRuns } from "@/lib/db/accounts";
import { getAuth } from "@/lib/auth/server";
import { createInvitedAccount } from "@/lib/auth/invite";
import { API_KEY_SCOPE_MESSAGE } from "@/lib/auth/api-key-scope";
import { canManageAccount, isAdmin } from "@/lib/auth/rules";
import { isForm, UNREADABLE_FORM, type ActionResult, type FormState } from "./action-result";
import { getCaller } from "./caller";

/** Signs the caller out (deletes their better-auth session and its cookie) and opens the sign-in page. */
export async function signOutAction(): Promise<void> {
  try {
    await (await getAuth()).api.signOut({ headers: await headers() });
  } catch (error) {
    // An expired or unknown session is signed out already.
    console.warn("signOut:", error instanceof Error ? error.message : error);
  }
  redirect("/sign-in");
}

/** State of the API-key form: the new key's value, shown once, or an error. */
export type CreateApiKeyState = FormState<{ name: string; key: string | null }>;

const keyNameSchema = z
  .string()
  .trim()
  .min(1, "Give the key a name, e.g. the script that will use it.")
  .max(32, "Key names are limited to 32 characters.");

/**
 * Creates a personal API key for the signed-in caller (better-auth's API-key plugin stores only its SHA-256 hash).
 * @returns the key's value, which is never shown again, or a user-facing error.
 */
export async function createApiKeyAction(_previous: CreateApiKeyState, formData: FormData): Promise<CreateApiKeyState> {
  if (!isForm(formData)) return { name: "", key: null, error: UNREADABLE_FORM };
  const name = String(formData.get("name") ?? "");
  const parsed = keyNameSchema.safeParse(name);
  if (!parsed.success) return { name, key: null, error: parsed.error.issues[0].message };
  const caller = await getCaller();
  if (caller.kind !== "user") return { name, key: null, error: "Sign in to create API keys." };
  if (!canManageAccount(caller)) return { name, key: null, error: API_KEY_SCOPE_MESSAGE };
  try {
    const created = await (await getAuth()).api.createApiKey({ body: { name: parsed.data }, headers: await headers() });
    revalidatePath("/settings/api-keys");
    return { name: "", key: created.key, error: null };
  } catch (error) {
    console.error("createApiKey failed", error);
    return { name, key: null, error: "The key could not be created. Please try again." };
  }
}

/** Revokes (deletes) one of the caller's API keys; requests with it are then answered 401. */
export async function revokeApiKeyAction(keyId: string): Promise<ActionResult> {
  if (!z.string().min(1).max(100).safeParse(keyId).success) return { error: "Unknown key." };
  if (!canManageAccount(await getCaller())) return { error: API_KEY_SCOPE_MESSAGE };
  try {
    await (await getAuth()).api.deleteApiKey({ body: { keyId }, headers: await headers() });
  } catch (error) {
    console.warn("deleteApiKey:", error instanceof Error ? error.message : error);
    return { error: "Unknown key." };
  }
  revalidatePath("/settings/api-keys");
  return { ok: true };
}

/**
 * Admin only: makes every run no account owns (started before accounts existed, from the command line without
 * owner, or with CRITICA_AUTH=off) the caller's own (lib/auth/rules.ts canClaimRun).
 * @returns how many runs were claimed, or a user-facing error.
 */
export async function claimRunsAction(): Promise<ActionResult<{ claimed: number }>> {
  const caller = await getCaller();
  if (!isAdmin(caller) || caller.kind !== "user") return { error: "Only an administrator can claim runs." };
  if (!canManageAccount(caller)) return { error: API_KEY_SCOPE_MESSAGE };
  const claimed = await claimUnownedRuns(caller.userId);
  revalidatePath("/reports");
  return { claimed };
}

/** State of the administrators' "Add an account" form. */
export type InviteState = FormState<{ email: string; name: string; created: string | null }>;

/**
 * Admin only: creates an e-mail + password account for someone (also with CRITICA_SIGNUP=closed); the administrator
 * hands the first password over. @returns the created e-mail, or a user-facing error with the typed fields kept.
 */
export async function inviteUserAction(_previous: InviteState, formData: FormData): Promise<InviteState> {
  if (!isForm(formData)) return { name: "", email: "", created: null, error: UNREADABLE_FORM };
  const fields = { name: String(formData.get("name") ?? ""), email: String(formData.get("email") ?? "") };
  const caller = await getCaller();
  if (!isAdmin(caller)) return { ...fields, created: null, error: "Only an administrator can add accounts." };
  if (!canManageAccount(caller)) return { ...fields, created: null, error: API_KEY_SCOPE_MESSAGE };
  const result = await createInvitedAccount({ ...fields, password: String(formData.get("password") ?? "") });
  if ("error" in result) return { ...fields, created: null, error: result.error };
  revalidatePath("/settings/accounts");
  return { name: "", email: "", created: fields.email.trim().toLowerCase(), error: null };
}
