import { SOURCE_LABELS, type SourceId } from "@/lib/domain/evidence";

const ALL_SOURCES: SourceId[] = ["pubmed", "europepmc", "ctgov", "local"];

/** The "Sources" checkboxes of the research and claim forms (form field `sources`, one value per ticked source). */
export function SourceCheckboxes({ defaultSources, libraryCount }: { defaultSources: SourceId[]; libraryCount: number }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
      <legend className="mb-1 text-sm font-medium">Sources</legend>
      {ALL_SOURCES.map((id) => (
        <label key={id} className="inline-flex items-center gap-2">
          <input type="checkbox" name="sources" value={id} defaultChecked={defaultSources.includes(id)} className="size-4 accent-(--accent)" />
          {SOURCE_LABELS[id]}
          {id === "local" && <span className="text-muted-foreground">({libraryCount.toLocaleString("en")} records)</span>}
        </label>
      ))}
    </fieldset>
  );
}
