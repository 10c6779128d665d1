"use client";

import { useId, useState, type ReactNode } from "react";

/** The two things the home page does. */
export type HomeMode = "research" | "claim";

const MODES: Array<{ id: HomeMode; label: string }> = [
  { id: "research", label: "Research a question" },
  { id: "claim", label: "Check a claim" },
];

/**
 * The home page's mode switch, "Research a question" / "Check a claim": a radio group (native radios, so arrow
 * keys move between the modes) above the matching panel. Both panels stay mounted, so switching keeps what was
 * typed; the other panel is hidden.
 */
export function ModeSwitch({
  research,
  claim,
  initial = "research",
}: {
  research: ReactNode;
  claim: ReactNode;
  initial?: HomeMode;
}) {
  const [mode, setMode] = useState<HomeMode>(initial);
  const name = useId();
  return (
    <div className="space-y-3">
      <fieldset data-testid="mode-switch" className="inline-flex rounded-md border border-border bg-card p-1">
        <legend className="sr-only">What do you want to do?</legend>
        {MODES.map((m) => (
          <label
            key={m.id}
            className={`relative cursor-pointer rounded px-3 py-1.5 text-sm font-medium has-focus-visible:outline-2 has-focus-visible:outline-accent ${mode === m.id ? "bg-accent text-accent-foreground" : "text-muted-foreground hover:bg-muted"}`}
          >
            {/* The native radio covers its label, invisibly: clicks, keys and screen readers all reach it. */}
            <input
              type="radio"
              name={name}
              value={m.id}
              checked={mode === m.id}
              onChange={() => setMode(m.id)}
              className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
            />
            {m.label}
          </label>
        ))}
      </fieldset>
      <div hidden={mode !== "research"} data-testid="research-panel">
        {research}
      </div>
      <div hidden={mode !== "claim"} data-testid="claim-panel">
        {claim}
      </div>
    </div>
  );
}
