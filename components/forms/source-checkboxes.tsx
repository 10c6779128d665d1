import { SOURCE_LABELS, type SourceId } from "@/lib/domain/evidence";

const ALL_SOURCES: SourceId[] = ["pubmed", "europepmc", "ctgov", "local"];

/**
 * The "Sources" checkboxes of the research and claim forms (form field `sources`, one value per ticked source).
 * `checked`: the user's last submitted choice (echoed by the form action after an error), which is kept instead of
 * the defaults when the form is reset after a failed submission.
 */
export function SourceCheckboxes({
  defaultSources,
  libraryCount,
  checked,
}: {
  defaultSources: SourceId[];
  libraryCount: number;
  checked?: SourceId[] | null;
}) {
  const ticked = checked ?? defaultSources;
  return (
    <fieldset className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
      <legend className="mb-1 text-sm font-medium">Sources</legend>
      {ALL_SOURCES.map((id) => (
        <label key={id} className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            name="sources"
            value={id}
            defaultChecked={ticked.includes(id)}
            className="size-4 accent-(--accent)"
          />
          {SOURCE_LABELS[id]}
          {id === "local" && (
            <span className="text-muted-foreground">({libraryCount.toLocaleString("en")} records)</span>
          )}
        </label>
      ))}
    </fieldset>
  );
}
