"use client";

import { useId, useState, type ReactNode } from "react";
import { useOnScreenFloating } from "./floating";
import { GLOSSARY, type GlossaryTerm } from "./glossary";

/**
 * A field term the page keeps (GRADE, PRISMA, CID relation…), marked with a dotted underline and explained in a card
 * when it is hovered, focused (it is in the tab order) or tapped; Escape closes the card. The definition is also the
 * term's accessible description, so a screen reader reads it without opening anything. `children` replaces the
 * term's text where the sentence words it differently ("GRADE certainty").
 */
export function Term({ term, children }: { term: GlossaryTerm; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { setAnchor, setCard, floatingStyles } = useOnScreenFloating(open, "bottom-start");
  return (
    <>
      <span
        ref={setAnchor}
        tabIndex={0}
        aria-describedby={id}
        data-testid="glossary-term"
        className="cursor-help underline decoration-dotted underline-offset-2"
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={(e) => {
          // Inside a <summary> a tap would open or close the disclosure instead of explaining the term.
          e.preventDefault();
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === "Escape") setOpen(false);
        }}
      >
        {children ?? term}
      </span>
      <span
        id={id}
        ref={setCard}
        role="tooltip"
        style={floatingStyles}
        hidden={!open}
        data-testid="glossary-definition"
        className={
          "z-40 block max-w-xs overflow-y-auto rounded-md border border-border bg-card p-2 text-left text-sm " +
          "font-normal text-foreground shadow-md"
        }
      >
        {GLOSSARY[term]}
      </span>
    </>
  );
}
