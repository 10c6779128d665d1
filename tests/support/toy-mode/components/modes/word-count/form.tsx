"use client";

import { SubmitRow, useStartRun } from "@/components/forms/start-run-form";
import { wordCountDescription } from "@/tests/support/toy-mode/lib/word-count/description";

/** The word count's form: a text; each submission starts a word count. */
export function WordCountForm() {
  const [state, action, pending] = useStartRun(wordCountDescription.name);
  return (
    <form action={action} data-testid="word-count-form">
      <label htmlFor="word-count-text">Text</label>
      <textarea id="word-count-text" name="text" defaultValue={state.values.text ?? ""} />
      <SubmitRow label="Count words" pending={pending} disabled={false} error={state.error} />
    </form>
  );
}
