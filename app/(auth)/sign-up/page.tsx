import Link from "next/link";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { AboutCritica } from "@/components/auth/about-critica";
import { AuthForm } from "@/components/auth/auth-form";
import { OAuthButtons } from "@/components/auth/oauth-buttons";
import { Card } from "@/components/ui/card";
import { getConfig } from "@/lib/config";
import { countUsers } from "@/lib/db/accounts";
import { safeNext } from "@/lib/auth/gate";
import { MIN_PASSWORD_LENGTH, oauthProviders } from "@/lib/auth/server";
import { getCaller } from "@/app/_server/caller";

export const metadata = { title: "Create an account" };

/**
 * Sign-up with name, e-mail and password. Before any account exists the page opens with what Critica does and what
 * happens to the data; the first account created becomes the administrator (the page says so);
 * with CRITICA_SIGNUP=closed the page explains that only the administrator can give out accounts once one exists.
 */
export default async function SignUpPage({ searchParams }: PageProps<"/sign-up">) {
  await connection();
  const next = safeNext([(await searchParams).next].flat()[0]);
  if (getConfig().CRITICA_AUTH === "off" || (await getCaller()).kind === "user") redirect(next);
  const first = (await countUsers()) === 0;
  const closed = !first && getConfig().CRITICA_SIGNUP === "closed";
  return (
    <div className="mx-auto max-w-md space-y-4">
      {first ? (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">Welcome to Critica</h1>
          <AboutCritica modelConfigured={Boolean(getConfig().OPENAI_API_KEY)} />
          <h2 className="text-lg font-semibold">Create the administrator account</h2>
        </>
      ) : (
        <h1 className="text-2xl font-semibold tracking-tight">Create an account</h1>
      )}
      {first && (
        <p className="text-sm text-muted-foreground" data-testid="first-account-notice">
          Nobody has an account on this server yet: the account you create now becomes its administrator, who can see
          every run and claim the runs made before accounts existed.
        </p>
      )}
      {closed ? (
        <Card>
          <p data-testid="signup-closed">Sign-up is closed on this server. Ask its administrator for an account.</p>
        </Card>
      ) : (
        <Card className="space-y-4">
          <AuthForm flow="sign-up" next={next} minPasswordLength={MIN_PASSWORD_LENGTH} />
          <OAuthButtons providers={oauthProviders()} next={next} />
        </Card>
      )}
      {!first && (
        <p className="text-sm text-muted-foreground">
          Already have an account?{" "}
          <Link href={`/sign-in?next=${encodeURIComponent(next)}`} className="text-accent underline">
            Sign in
          </Link>
        </p>
      )}
    </div>
  );
}
