"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";

const INPUT =
  "w-full rounded-md border border-border bg-background px-3 py-2 text-base focus-visible:outline-2 " +
  "focus-visible:outline-accent";

/**
 * The e-mail + password form of the sign-in and sign-up pages. It posts to better-auth's endpoints
 * (/api/auth/sign-in/email, /api/auth/sign-up/email) from the browser, so their per-IP rate limit applies, and on
 * success opens `next` with a full page load (the form stays, saying so, until the next page is drawn: a client
 * transition re-rendered this page for the new session first and showed a blank page between). Typed values are
 * kept on failure; a 429 says how long to wait (Retry-After).
 */
export function AuthForm({
  flow,
  next,
  minPasswordLength,
}: {
  flow: "sign-in" | "sign-up";
  next: string;
  minPasswordLength: number;
}) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = Object.fromEntries(
      ["name", "email", "password"].filter((k) => form.has(k)).map((k) => [k, String(form.get(k))]),
    );
    setPending(true);
    setError(null);
    try {
      const response = await fetch(`/api/auth/${flow}/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.ok) {
        setDone(true);
        window.location.assign(next);
        return;
      }
      setError(await explain(response, flow));
    } catch {
      setError("The server could not be reached. Check your connection and try again.");
    }
    setPending(false);
  }

  return (
    <form onSubmit={submit} className="space-y-4" data-testid={`${flow}-form`}>
      {flow === "sign-up" && (
        <div>
          <label htmlFor="name" className="mb-1 block text-sm font-medium">
            Name
          </label>
          <input id="name" name="name" autoComplete="name" required maxLength={100} className={INPUT} />
        </div>
      )}
      <div>
        <label htmlFor="email" className="mb-1 block text-sm font-medium">
          E-mail
        </label>
        <input id="email" name="email" type="email" autoComplete="email" required className={INPUT} />
      </div>
      <div>
        <label htmlFor="password" className="mb-1 block text-sm font-medium">
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete={flow === "sign-up" ? "new-password" : "current-password"}
          required
          minLength={flow === "sign-up" ? minPasswordLength : undefined}
          aria-describedby={flow === "sign-up" ? "password-hint" : undefined}
          className={INPUT}
        />
        {flow === "sign-up" && (
          <p id="password-hint" className="mt-1 text-xs text-muted-foreground">
            At least {minPasswordLength} characters.
          </p>
        )}
      </div>
      {done && (
        <p role="status" className="text-sm text-muted-foreground" data-testid="auth-done">
          {flow === "sign-in" ? "Signed in" : "Account created"}: opening the page…
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending
          ? flow === "sign-in"
            ? "Signing in…"
            : "Creating account…"
          : flow === "sign-in"
            ? "Sign in"
            : "Create account"}
      </Button>
    </form>
  );
}

async function explain(response: Response, flow: "sign-in" | "sign-up"): Promise<string> {
  if (response.status === 429) {
    const wait = Number(response.headers.get("retry-after") ?? 60);
    return `Too many attempts. Try again in ${wait} second${wait === 1 ? "" : "s"}.`;
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
  if (flow === "sign-in" && response.status === 401) return "Wrong e-mail or password.";
  if (body.code === "USER_ALREADY_EXISTS" || body.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL")
    return "An account with this e-mail already exists. Sign in instead.";
  return body.message ?? "Something went wrong. Please try again.";
}
