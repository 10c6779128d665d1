/**
 * "About this run": the technical facts a researcher rarely needs but a maintainer or a methods section may (the
 * reasoning backend and its model, the run id), collapsed under one line so the research page itself keeps to
 * plain words.
 */
export function AboutThisRun({ run }: { run: { id: string; backend: "llm" | "extractive"; model: string | null } }) {
  return (
    <details className="text-sm text-muted-foreground" data-testid="about-this-run">
      <summary className="cursor-pointer">About this run</summary>
      <dl className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt>Reasoning backend</dt>
        <dd>
          <span data-testid="run-backend">{run.backend === "llm" ? `LLM: ${run.model}` : "extractive"}</span>
          {run.backend === "llm"
            ? " (a language model writes the hypotheses, the assessment and the report from the records found)"
            : " (no language model: a relation model trained on the BC5CDR corpus reads which drugs cause or treat " +
              "which conditions, and the report quotes the abstracts' sentences)"}
        </dd>
        <dt>Run id</dt>
        <dd className="break-all font-mono text-xs">{run.id}</dd>
      </dl>
    </details>
  );
}
