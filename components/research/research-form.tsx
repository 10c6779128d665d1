"use client";

import { useActionState, useEffect, useState } from "react";
import { LimitedTextarea } from "@/components/research/limited-textarea";
import { startResearch, type StartResearchState } from "@/app/_server/research-actions";
import { Button } from "@/components/ui/button";
import type { SourceId } from "@/lib/domain/evidence";
import { MAX_QUESTION_LENGTH } from "@/lib/domain/run-input";
import { SourceCheckboxes } from "@/components/research/source-checkboxes";
import { ClaimOffer } from "@/components/research/claim-offer";
import { readsAsClaim } from "@/lib/reading/claim";

/** The iteration caps the form offers (the bounds of the run input schema) and the one preselected (CRITICA_MAX_ITERATIONS). */
export interface IterationChoice {
  min: number;
  max: number;
  defaultValue: number;
}

/**
 * The "Research a question" form: question, sources and iteration cap; submits to the startResearch action.
 * When a language model is configured (`modelConfigured`), it also offers to finish a run on the extractive
 * backend if the model provider fails (`onProviderError=extractive`). `iterations` gives the iteration caps offered.
 */
export function ResearchForm({
  defaultSources,
  libraryCount,
  modelConfigured = false,
  iterations,
}: {
  defaultSources: SourceId[];
  libraryCount: number;
  modelConfigured?: boolean;
  iterations: IterationChoice;
}) {
  const [state, action, pending] = useActionState<StartResearchState, FormData>(startResearch, {
    error: null,
    question: "",
    sources: null,
  });
  const [overLimit, setOverLimit] = useState(false);
  const [text, setText] = useState(state.question);
  useEffect(() => {
    // The run page's client code, loaded and evaluated while the user writes the question: on a submit the page then
    // renders as soon as the server answers (measured: 100–230 ms less between the answer and the page).
    const warm = () =>
      void Promise.all([
        import("@/components/run/run-view"),
        import("@/components/chat/conversation"),
        import("@/components/run/cancel-button"),
      ]);
    const idle = window.requestIdleCallback?.(warm, { timeout: 2_000 });
    if (idle === undefined) warm();
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
  return (
    <>
      <form action={action} className="space-y-4" data-testid="research-form">
        <div>
          <label htmlFor="question" className="mb-1 block text-sm font-medium">
            Research question
          </label>
          <LimitedTextarea
            limit={MAX_QUESTION_LENGTH}
            what="question"
            onOverLimit={setOverLimit}
            onText={setText}
            id="question"
            name="question"
            required
            rows={3}
            defaultValue={state.question}
            placeholder="Is lithium nephrotoxic, and by what mechanism?"
            className="w-full rounded-md border border-border bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-accent"
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
            }}
          />
        </div>
        <SourceCheckboxes defaultSources={defaultSources} libraryCount={libraryCount} checked={state.sources} />
        <div className="flex flex-wrap items-center gap-4">
          <label className="inline-flex items-center gap-2 text-sm">
            Max iterations
            <select
              name="maxIterations"
              defaultValue={String(iterations.defaultValue)}
              className="rounded-md border border-border bg-background px-2 py-1"
            >
              {Array.from({ length: iterations.max - iterations.min + 1 }, (_, i) => iterations.min + i).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          {modelConfigured && (
            <label className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="onProviderError"
                value="extractive"
                data-testid="fallback-extractive"
                className="size-4 accent-(--accent)"
              />
              If the language model fails, finish with the extractive backend
            </label>
          )}
          <Button type="submit" disabled={pending || overLimit}>
            {pending ? "Starting…" : "Research"}
          </Button>
          {state.error && (
            <p role="alert" className="text-sm text-danger">
              {state.error}
            </p>
          )}
        </div>
      </form>
      {readsAsClaim(text) && <ClaimOffer text={text} sources={state.sources ?? defaultSources} />}
    </>
  );
}
