import "server-only";
import { claimCheckVersionView } from "@/components/modes/claim-check/version";
import { researchVersionView } from "@/components/modes/research/version";
import type { ModeVersionView } from "./presentation";

/**
 * The version page of each mode whose runs have versions (components/modes/<mode>/version.tsx): a new mode with
 * versions is one line here, as in components/modes/index.ts. Server components, which read a run's records through
 * lib/reading (node:fs), so they are apart from the presentations that client components import. Read by the version
 * page (app/reports/[id]/versions/[version]).
 */
const versionViews: readonly ModeVersionView[] = [researchVersionView, claimCheckVersionView];

/**
 * The version page of the mode named `name`; undefined for a mode without versions or one this version does not know.
 */
export function versionViewOf(name: string): ModeVersionView | undefined {
  return versionViews.find((v) => v.mode.name === name);
}
