import { XMLBuilder } from "fast-xml-parser";
import type { CheckRecord, WatchRecord } from "@/lib/db/watches";
import { versionPath } from "@/lib/watches/notify";
import { summaryLines } from "@/lib/watches/summary";

/** The feed's generator (Atom `generator`). */
const GENERATOR = "Critica";

/**
 * The Atom 1.0 feed (RFC 4287) of a watch: one entry per check that produced a new report version, newest first, each
 * titled with its change headline, linking to the version's page (which opens with the change summary) and holding
 * the summary as text (summaryLines). Quiet and failed checks are not entries: a feed reader shows only news.
 * `origin` makes the links absolute (feed readers need them); `selfPath` is the feed's own path.
 */
export function watchFeed(input: {
  watch: WatchRecord;
  question: string;
  checks: CheckRecord[];
  origin: string;
  selfPath: string;
}): string {
  const { watch, question, origin } = input;
  const changed = input.checks.filter(
    (c) => c.status === "changed" && c.summary && c.reportVersion !== null && c.finishedAt,
  );
  const updated = (changed[0]?.finishedAt ?? watch.lastCheckedAt ?? watch.createdAt).toISOString();
  const feed = {
    "?xml": { "@_version": "1.0", "@_encoding": "utf-8" },
    feed: {
      "@_xmlns": "http://www.w3.org/2005/Atom",
      id: `urn:uuid:${watch.id}`,
      title: `Critica watch: ${question}`,
      subtitle: "New report versions of a watched question, each opening with what changed in the evidence.",
      updated,
      generator: GENERATOR,
      author: { name: GENERATOR },
      link: [
        { "@_rel": "self", "@_type": "application/atom+xml", "@_href": `${origin}${input.selfPath}` },
        { "@_rel": "alternate", "@_type": "text/html", "@_href": `${origin}/reports/${watch.runId}` },
      ],
      entry: changed.map((c) => ({
        id: `urn:uuid:${c.id}`,
        title: c.summary!.headline,
        updated: c.finishedAt!.toISOString(),
        link: {
          "@_rel": "alternate",
          "@_type": "text/html",
          "@_href": `${origin}${versionPath(watch.runId, c.reportVersion!)}`,
        },
        content: { "@_type": "text", "#text": summaryLines(c.summary!).join("\n") },
      })),
    },
  };
  return new XMLBuilder({
    ignoreAttributes: false,
    format: true,
    suppressEmptyNode: true,
    processEntities: true,
  }).build(feed) as string;
}
