import Link from "next/link";
import { connection } from "next/server";
import { RunList } from "@/components/history/run-list";
import { runVerdicts } from "@/lib/runs/verdicts";
import { presentations } from "@/components/modes";
import { ModeSwitch } from "@/components/modes/mode-switch";
import type { ModeFormProps } from "@/components/modes/presentation";
import { registry } from "@/lib/modes";
import { Card } from "@/components/ui/card";
import { getConfig } from "@/lib/config";
import { ITERATION_BOUNDS } from "@/lib/domain/run-input";
import { countLibraryRecords } from "@/lib/db/evidence";
import { searchHistory } from "@/lib/db/history";
import { historyScope } from "@/lib/auth/rules";
import { getCaller } from "@/app/_server/caller";
import { defaultSources } from "@/lib/sources/registry";
import { unreachableSources } from "@/lib/sources/reachability";
import { probeLiveSources } from "@/lib/sources/probe";
import { UnreachableSources } from "@/components/forms/unreachable-sources";

export default async function HomePage() {
  await connection();
  const config = getConfig();
  const [libraryCount, configured, recent] = await Promise.all([
    countLibraryRecords(),
    defaultSources(),
    searchHistory({ scope: historyScope(await getCaller()), filters: {}, limit: 5 }),
  ]);
  // Offline, the live sources are named unreachable above the forms and left unticked (ticked again after Retry).
  await probeLiveSources(configured);
  const unreachable = unreachableSources();
  const sources = configured.filter((s) => !unreachable.some((u) => u.source === s));
  const form: ModeFormProps = {
    defaultSources: sources,
    libraryCount,
    modelConfigured: !!config.OPENAI_API_KEY,
    iterations: { ...ITERATION_BOUNDS, defaultValue: config.CRITICA_MAX_ITERATIONS },
  };
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Research a question or check a claim</h1>
        <p className="mt-1 max-w-3xl text-muted-foreground">
          Critica searches the literature, proposes mechanistic hypotheses (drug → target → pathway → effect), weighs
          whether the evidence suffices, searches again until it does, and writes a report whose every reference is a
          record it retrieved.
        </p>
        <p className="mt-1 max-w-3xl text-muted-foreground">
          To check a claim, it writes the claim&apos;s counter-statement, searches three ways for evidence that supports
          it, quotes only passages found in the abstracts, and gives a verdict on the claim.
        </p>
      </div>
      <UnreachableSources sources={unreachable} />
      <ModeSwitch
        choices={presentations.list.map(({ choice, Form }) => ({
          ...choice,
          panel: (
            <Card>
              <Form {...form} />
            </Card>
          ),
        }))}
      />
      {!config.OPENAI_API_KEY && (
        <details data-testid="backend-mode" className="text-sm text-muted-foreground">
          <summary className="cursor-pointer">How answers are written here</summary>
          <p className="mt-1 max-w-3xl">
            Without a language model: hypotheses come from links between records in the literature, scores from the
            studies&apos; designs, and the report from the abstracts&apos; best sentences, quoted as written. An
            administrator can connect a language model (see the documentation, &ldquo;Configuration&rdquo;).
          </p>
        </details>
      )}
      <section aria-labelledby="recent-heading" className="space-y-2">
        <div className="flex items-baseline justify-between">
          <h2 id="recent-heading" className="text-lg font-semibold">
            Recent runs
          </h2>
          <Link href="/reports" className="text-sm text-accent hover:underline">
            All history
          </Link>
        </div>
        <RunList runs={recent.runs} verdicts={await runVerdicts(recent.runs, registry)} />
      </section>
    </div>
  );
}
