import { redirect } from "next/navigation";
import { connection } from "next/server";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { signOutAction } from "@/app/_server/account-actions";
import { getCaller } from "@/app/_server/caller";

export const metadata = { title: "Sign out" };

/** Confirms signing out (a page, so signing out is never a side effect of following a link). */
export default async function SignOutPage() {
  await connection();
  const caller = await getCaller();
  if (caller.kind !== "user") redirect("/sign-in");
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Sign out</h1>
      <Card className="space-y-4">
        <p>
          You are signed in as <strong>{caller.email}</strong>.
        </p>
        <form action={signOutAction}>
          <Button type="submit">Sign out</Button>
        </form>
      </Card>
    </div>
  );
}
