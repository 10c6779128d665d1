"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * Sign-in buttons for the OAuth providers configured on the server (GitHub, Google, ORCID). Each asks better-auth for
 * the provider's authorisation URL (/api/auth/sign-in/social; ORCID is registered by the generic OAuth plugin as one
 * more social provider) and goes there; the provider sends the browser back to /api/auth/callback/<id>, then to
 * `next`.
 */
export function OAuthButtons({ providers, next }: { providers: Array<{ id: string; label: string }>; next: string }) {
  const [error, setError] = useState<string | null>(null);
  if (!providers.length) return null;
  async function go(id: string) {
    setError(null);
    const response = await fetch("/api/auth/sign-in/social", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ provider: id, callbackURL: next }),
    }).catch(() => null);
    const body = response?.ok ? ((await response.json()) as { url?: string }) : null;
    if (body?.url) window.location.assign(body.url);
    else setError("That sign-in provider did not answer. Try again, or use your e-mail and password.");
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted-foreground">Or continue with</p>
      <div className="flex flex-wrap gap-2">
        {providers.map((p) => (
          <Button key={p.id} variant="secondary" type="button" onClick={() => go(p.id)}>
            {p.label}
          </Button>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
