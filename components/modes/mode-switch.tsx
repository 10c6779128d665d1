"use client";

import { useId, useState, type ReactNode } from "react";

/** One choice of the switch: its key (the radio's value; the panel's test id is `<key>-panel`), words and panel. */
export interface ModeChoice {
  key: string;
  label: string;
  panel: ReactNode;
}

/**
 * The home page's mode switch, one choice per mode ("Research a question" / "Check a claim", components/modes): a
 * radio group (native radios, so arrow keys move between the modes) above the matching panel. Every panel stays
 * mounted, so switching keeps what was typed; the others are hidden. The first choice is selected at first.
 */
export function ModeSwitch({ choices }: { choices: ModeChoice[] }) {
  const [chosen, setChosen] = useState(choices[0]?.key);
  const name = useId();
  return (
    <div className="space-y-3">
      <fieldset data-testid="mode-switch" className="inline-flex rounded-md border border-border bg-card p-1">
        <legend className="sr-only">What do you want to do?</legend>
        {choices.map((m) => (
          <label
            key={m.key}
            className={
              `relative cursor-pointer rounded px-3 py-1.5 text-sm font-medium has-focus-visible:outline-2 ` +
              `has-focus-visible:outline-accent ` +
              `${chosen === m.key ? "bg-accent text-accent-foreground" : "text-muted-foreground hover:bg-muted"}`
            }
          >
            {/* The native radio covers its label, invisibly: clicks, keys and screen readers all reach it. */}
            <input
              type="radio"
              name={name}
              value={m.key}
              checked={chosen === m.key}
              onChange={() => setChosen(m.key)}
              className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
            />
            {m.label}
          </label>
        ))}
      </fieldset>
      {choices.map((m) => (
        <div key={m.key} hidden={chosen !== m.key} data-testid={`${m.key}-panel`}>
          {m.panel}
        </div>
      ))}
    </div>
  );
}
