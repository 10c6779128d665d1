import Link from "next/link";
import { connection } from "next/server";
import { InviteForm } from "@/components/auth/invite-form";
import { Card } from "@/components/ui/card";
import { getConfig } from "@/lib/config";
import { isAdmin } from "@/lib/auth/rules";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/server";
import { listUsers } from "@/lib/db/accounts";
import { getCaller } from "@/app/_server/caller";

export const metadata = { title: "Accounts" };

/**
 * Administrators only: the accounts of this server, and adding one (works with closed sign-up). Anyone else is told
 * plainly that the page is for administrators (and lists nothing).
 */
export default async function AccountsPage() {
  await connection();
  if (!isAdmin(await getCaller())) {
    return (
      <div className="space-y-2" data-testid="admins-only">
        <h1 className="text-2xl font-semibold tracking-tight">Accounts: administrators only</h1>
        <p className="max-w-3xl text-muted-foreground">
          Only this server&apos;s administrator can see and add accounts. Ask them if you need an account for someone
          else.
        </p>
        <Link href="/" className="text-accent hover:underline">
          Back to research
        </Link>
      </div>
    );
  }
  const users = await listUsers();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Accounts</h1>
      <p className="max-w-3xl text-muted-foreground">
        Sign-up is{" "}
        {getConfig().CRITICA_SIGNUP === "closed"
          ? "closed (CRITICA_SIGNUP=closed): only you can add accounts."
          : "open: anyone who reaches this server can create an account (CRITICA_SIGNUP=closed closes it)."}
      </p>
      <Card>
        <InviteForm minPasswordLength={MIN_PASSWORD_LENGTH} />
      </Card>
      <ul className="divide-y divide-border rounded-md border border-border text-sm" data-testid="account-list">
        {users.map((u) => (
          <li key={u.id} className="flex justify-between gap-2 px-3 py-2">
            <span>
              {u.name} · {u.email}
            </span>
            <span className="text-muted-foreground">
              {u.role} · since {u.createdAt.toISOString().slice(0, 10)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
