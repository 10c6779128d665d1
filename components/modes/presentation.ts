import type { ComponentType, ReactNode } from "react";
import type { ReportVersionInfo } from "@/components/run/report-panel";
import type { CheckRecord } from "@/lib/db/watches";
import type { RunSummary } from "@/lib/db/runs";
import type { RunEvent, RunEventPayloads, RunEventType } from "@/lib/domain/events";
import type { Evidence, SourceId } from "@/lib/domain/evidence";
import type { RunPartial } from "@/lib/domain/partial";
import type { ReportRecord } from "@/lib/report/appraise/records";
import type { ModeDescription } from "@/lib/runs/mode";
import type { ModeEvent } from "@/lib/runs/mode-event";

/**
 * The iteration caps a form offers (the bounds of the run input schema) and the one preselected
 * (CRITICA_MAX_ITERATIONS).
 */
export interface IterationChoice {
  min: number;
  max: number;
  defaultValue: number;
}

/**
 * What the home page hands every mode's form: the sources ticked at first, the library's size, the model's settings.
 */
export interface ModeFormProps {
  defaultSources: SourceId[];
  libraryCount: number;
  /** Whether a language model is configured (OPENAI_API_KEY). */
  modelConfigured: boolean;
  iterations: IterationChoice;
}

/**
 * What the run view hands a mode's results panel: the run's events so far (live, or one report version's), whether
 * it is running, the records its report cites, its question and iteration cap, the report version shown, and an
 * agent's answer as it streams (null when none).
 */
export interface ModeResultsProps {
  events: RunEvent[];
  running: boolean;
  records: ReportRecord[];
  question: string;
  maxIterations: number;
  version?: ReportVersionInfo;
  partial: RunPartial | null;
}

/** What the version page (/reports/<id>/versions/<n>) hands a mode's version view: the run and what it saved. */
export interface ModeVersionProps {
  run: RunSummary;
  /** The version asked for (1-based; not checked). */
  n: number;
  events: RunEvent[];
  evidence: Evidence[];
  /** The checks of the run's watch, oldest first ([] when it has none). */
  checks: CheckRecord[];
}

/** Timeline entries of event types of the shared contract (lib/domain/events.ts): one small renderer per type. */
export type EventRenderers = { [K in RunEventType]?: (data: RunEventPayloads[K]) => ReactNode };

/** A timeline entry of a mode's own event kind (lib/runs/mode-event.ts): null for any other event. */
export type ModeEventRenderer = (event: RunEvent) => ReactNode | null;

/** The timeline entry of the mode's own event `type`, drawn by `render` from its checked payload. */
export function modeEventRenderer<T>(type: ModeEvent<T>, render: (data: T) => ReactNode): ModeEventRenderer {
  return (event) => {
    const data = type.of(event);
    return data === null ? null : render(data);
  };
}

/**
 * A mode's timeline entries (components/modes/<mode>/events.tsx), kept apart from its presentation because a results
 * panel draws a timeline: the timeline reads these (components/modes/events.ts), not the presentations.
 */
export interface ModeTimeline {
  /** Entries of event types of the shared contract. */
  events: EventRenderers;
  /** Entries of its own event kinds. */
  modeEvents?: ModeEventRenderer[];
}

/**
 * How a mode looks (components/modes/<mode>/index.ts): what the home page offers, what the run view and the history
 * draw of its runs (its timeline entries: ModeTimeline; its version page: ModeVersionView). The pieces every run
 * shares (header, timeline, report version bar, conversation) are drawn by the pages; these are the mode's own.
 */
export interface ModePresentation {
  /** The mode as lib/ describes it (its name, label and progress line). */
  mode: ModeDescription;
  /**
   * Its choice on the home page's mode switch: the option's words, and its key (the panel's test id is
   * `<key>-panel`).
   */
  choice: { key: string; label: string };
  /** The form that starts its runs. */
  Form: ComponentType<ModeFormProps>;
  /** Its results on the run page (a report, verdicts), drawn from the run's events as they arrive. */
  Results: ComponentType<ModeResultsProps>;
  /** The badge beside its runs in the history and the conversation list (null: none, the default kind of run). */
  badge: string | null;
}

/**
 * A mode's version page (components/modes/<mode>/version.tsx), kept apart from its presentation because it is a
 * server component that reads the run's records through lib/reading (which loads the vocabularies from disk), while
 * client components (the run view) import the presentations. The version page reads these
 * (components/modes/versions.ts).
 */
export interface ModeVersionView {
  /** The mode as lib/ describes it. */
  mode: ModeDescription;
  /** One version of a run (a report version, a watch's re-check). A mode without one has no versions (404). */
  Version: ComponentType<ModeVersionProps>;
}

/** The presentations of every mode (components/modes/index.ts), in the order the home page offers them. */
export interface PresentationRegistry {
  list: readonly ModePresentation[];
  /** The presentation of the mode named `name`; undefined for a mode this version does not know. */
  of(name: string): ModePresentation | undefined;
  /**
   * The badge of a run of the mode named `name` (its `badge`), or the name itself for a mode this version does not
   * know.
   */
  badge(name: string): string | null;
}

/** A registry of `list`. */
export function presentationRegistry(list: readonly ModePresentation[]): PresentationRegistry {
  const byName = new Map(list.map((p) => [p.mode.name, p]));
  const badge = (name: string) => {
    const presentation = byName.get(name);
    return presentation ? presentation.badge : name;
  };
  return { list, of: (name) => byName.get(name), badge };
}

/** The timeline entries of every mode, merged (components/modes/events.ts). */
export interface TimelineRegistry {
  /** The renderers of event types of the shared contract, each mode's added to `shared`. */
  events: EventRenderers;
  /** Every mode's renderers of its own event kinds. */
  modeEvents: ModeEventRenderer[];
}

/** The entries of `shared` event types and of every mode's `timelines`, merged. */
export function timelineRegistry(shared: EventRenderers, timelines: readonly ModeTimeline[]): TimelineRegistry {
  return {
    events: Object.assign({}, shared, ...timelines.map((t) => t.events)),
    modeEvents: timelines.flatMap((t) => t.modeEvents ?? []),
  };
}
