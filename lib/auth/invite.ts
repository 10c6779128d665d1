import "server-only";
import { z } from "zod";
import { findUserByEmail } from "@/lib/db/accounts";
import { adminInvitation, getAuth, MIN_PASSWORD_LENGTH } from "./server";

/** What an administrator enters to create an account for someone: their name, e-mail and a first password. */
export const invitationSchema = z.object({
  name: z.string().trim().min(1, "Enter the person's name.").max(100, "Names are limited to 100 characters."),
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address.")),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `The first password needs at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(128),
});

/**
 * Creates an e-mail + password account on an administrator's behalf (an "invite", for closed sign-up), also when
 * CRITICA_SIGNUP=closed. The password is hashed by better-auth; the administrator hands it over and the person
 * signs in with it. The caller must have checked that the requester is an admin.
 * @returns the new account's id, or a user-facing error (invalid input, e-mail already taken).
 */
export async function createInvitedAccount(input: unknown): Promise<{ userId: string } | { error: string }> {
  const parsed = invitationSchema.safeParse(input);
  if (!parsed.success) return { error: parsed.error.issues[0].message };
  const { name, email, password } = parsed.data;
  if (await findUserByEmail(email)) return { error: "An account with this e-mail already exists." };
  const ctx = await (await getAuth()).$context;
  return adminInvitation.run(true, async () => {
    const user = await ctx.internalAdapter.createUser({ name, email }, { method: "admin" });
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await ctx.password.hash(password),
    });
    return { userId: user.id };
  });
}
