import Link from "next/link";
import { getConfig } from "@/lib/config";
import { countUsers } from "@/lib/db/accounts";
import { signOutAction } from "@/app/_server/account-actions";
import { getCaller } from "@/app/_server/caller";

/**
 * The header's account corner: with CRITICA_AUTH=on, the signed-in user (the name they gave, or the e-mail when
 * they gave none; "admin" for the administrator) with a menu (history, API keys, accounts for the administrator,
 * sign out), or a "Sign in" link once an account exists (before that there is nobody to sign in as: the page is
 * sign-up); nothing with CRITICA_AUTH=off. A <details> disclosure, so it works without JavaScript and is
 * keyboard-operable.
 */
export async function UserMenu() {
  if (getConfig().CRITICA_AUTH === "off") return null;
  const caller = await getCaller();
  if (caller.kind !== "user") {
    if ((await countUsers()) === 0) return null;
    return (
      <Link href="/sign-in" className="text-sm hover:underline">
        Sign in
      </Link>
    );
  }
  return (
    <details className="relative min-w-0 text-sm" data-testid="user-menu">
      <summary
        className={
          "flex min-w-0 cursor-pointer list-none items-center rounded-md px-2 py-1 hover:bg-muted " +
          "focus-visible:outline-2 focus-visible:outline-accent"
        }
      >
        {/* A long name is cut on a phone (the e-mail stays in the title) so the header never widens the page. */}
        <span data-testid="user-name" title={caller.email} className="min-w-0 max-w-[7rem] truncate sm:max-w-[16rem]">
          {caller.name.trim() || caller.email}
        </span>
        {caller.role === "admin" && <span className="ml-1 shrink-0 rounded bg-accent-soft px-1 text-xs">admin</span>}
        <span aria-hidden="true"> ▾</span>
      </summary>
      <div className="absolute right-0 z-10 mt-1 w-44 rounded-md border border-border bg-card p-1 shadow-md">
        <Link href="/reports" className="block rounded px-2 py-1 hover:bg-muted">
          History
        </Link>
        <Link href="/settings/api-keys" className="block rounded px-2 py-1 hover:bg-muted">
          API keys
        </Link>
        {caller.role === "admin" && (
          <Link href="/settings/accounts" className="block rounded px-2 py-1 hover:bg-muted">
            Accounts
          </Link>
        )}
        <form action={signOutAction}>
          <button type="submit" className="block w-full rounded px-2 py-1 text-left hover:bg-muted">
            Sign out
          </button>
        </form>
      </div>
    </details>
  );
}
