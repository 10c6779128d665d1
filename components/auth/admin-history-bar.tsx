import { revalidatePath } from "next/cache";
import { Button } from "@/components/ui/button";
import type { AccountSummary } from "@/lib/db/accounts";
import { claimRunsAction } from "@/app/_server/account-actions";

/**
 * Administrators' controls above the history: whose runs to list (everyone's, their own, another user's by name, or
 * the runs made before accounts existed, which no account owns) and, for the latter, claiming them all. A plain GET
 * form, so the choice is in the URL (?user=all, ?user=<id>, ?user=unclaimed; none is their own).
 */
export function AdminHistoryBar({
  users,
  selected,
  callerId,
  unclaimedShown,
  count,
}: {
  users: AccountSummary[];
  selected: string | null;
  callerId: string;
  unclaimedShown: boolean;
  count: number;
}) {
  async function claimAll() {
    "use server";
    await claimRunsAction();
    revalidatePath("/reports");
  }
  return (
    <div
      className="flex flex-wrap items-end gap-3 rounded-md border border-border bg-card p-3 text-sm"
      data-testid="admin-history-bar"
    >
      <form method="get" action="/reports" className="flex items-end gap-2">
        <label className="flex flex-col gap-1">
          <span className="font-medium">Show runs of</span>
          <select
            name="user"
            defaultValue={selected ?? ""}
            className="rounded-md border border-border bg-background px-2 py-1"
          >
            <option value="all">All users</option>
            <option value="">Me</option>
            {users
              .filter((u) => u.id !== callerId)
              .map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name.trim() || u.email}
                </option>
              ))}
            <option value="unclaimed">Runs made before accounts</option>
          </select>
        </label>
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
      {unclaimedShown && count > 0 && (
        <form action={claimAll}>
          <Button type="submit" data-testid="claim-runs">
            Claim all unclaimed runs
          </Button>
        </form>
      )}
    </div>
  );
}
