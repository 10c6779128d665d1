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

export const metadata = { title: "Sign in" };

/**
 * Sign-in with e-mail and password (and the configured OAuth providers). Before anyone has an account it sends the
 * visitor to sign-up, whose first account becomes the admin; signed-in visitors and CRITICA_AUTH=off go on to `next`.
 */
export default async function SignInPage({ searchParams }: PageProps<"/sign-in">) {
  await connection();
  const next = safeNext([(await searchParams).next].flat()[0]);
  if (getConfig().CRITICA_AUTH === "off" || (await getCaller()).kind === "user") redirect(next);
  if ((await countUsers()) === 0) redirect(`/sign-up?next=${encodeURIComponent(next)}`);
  const signupOpen = getConfig().CRITICA_SIGNUP === "open";
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Sign in to Critica</h1>
      <AboutCritica modelConfigured={Boolean(getConfig().OPENAI_API_KEY)} />
      <Card className="space-y-4">
        <AuthForm flow="sign-in" next={next} minPasswordLength={MIN_PASSWORD_LENGTH} />
        <OAuthButtons providers={oauthProviders()} next={next} />
      </Card>
      {signupOpen && (
        <p className="text-sm text-muted-foreground">
          No account yet?{" "}
          <Link href={`/sign-up?next=${encodeURIComponent(next)}`} className="text-accent underline">
            Create one
          </Link>
        </p>
      )}
    </div>
  );
}
