import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { CheckRecord, WatchRecord } from "@/lib/db/watches";
import type { ChangeSummary } from "@/lib/domain/watch";
import { watchFeed } from "@/lib/export/watch-feed";

const watch: WatchRecord = {
  id: "7d9c1d2e-0000-4000-8000-000000000001",
  runId: "7d9c1d2e-0000-4000-8000-0000000000aa",
  ownerId: null,
  cadence: "weekly",
  sources: ["pubmed"],
  status: "active",
  feedToken: "t".repeat(43),
  nextDueAt: new Date("2026-12-16T10:00:00Z"),
  lastCheckedAt: new Date("2026-12-09T10:00:05Z"),
  sourceState: [],
  failures: 0,
  version: 0,
  plannedVersion: 0,
  workflowRunId: null,
  createdAt: new Date("2026-11-25T10:00:00Z"),
};

const summary: ChangeSummary = {
  fromVersion: 1,
  toVersion: 2,
  headline: "Unclear → Yes: 1 new randomized trial",
  newRecords: [
    {
      evidenceId: "pmid:11027905",
      title: "Analgesic effect of intravenous ketamine <in> cancer patients & morphine",
      pmid: "11027905",
      nctId: null,
      source: "pubmed",
      studyType: "Randomized trial",
      stance: "yes",
      cited: true,
    },
  ],
  updatedRecords: [],
  trials: [],
  bottomLine: { before: null, after: null, moved: false },
  references: { added: [], removed: [] },
};

function check(
  id: string,
  status: CheckRecord["status"],
  finishedAt: string,
  reportVersion: number | null,
): CheckRecord {
  return {
    id,
    watchId: watch.id,
    dueAt: new Date(finishedAt),
    startedAt: new Date(finishedAt),
    finishedAt: new Date(finishedAt),
    status,
    since: [],
    probe: null,
    summary: status === "changed" ? summary : null,
    reportVersion,
    fromSeq: null,
    versionRunId: null,
    costUsd: null,
    modelCalls: 0,
    error: null,
  };
}

describe("a watch's Atom feed", () => {
  it(
    "has one entry per new report version (quiet and failed checks are not news), with absolute links and the " +
      "summary as text",
    () => {
      const xml = watchFeed({
        watch,
        question: "Does ketamine reduce pain?",
        checks: [
          check("c3", "quiet", "2026-12-09T10:00:05Z", null),
          check("c2", "changed", "2026-12-02T10:00:07Z", 2),
          check("c1", "failed", "2026-11-30T10:00:00Z", null),
        ],
        origin: "https://critica.example.org",
        selfPath: `/api/feeds/${watch.feedToken}`,
      });
      expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
      const { feed } = new XMLParser({
        ignoreAttributes: false,
        isArray: (name) => name === "entry" || name === "link",
      }).parse(xml) as {
        feed: Record<string, unknown> & { entry: Array<Record<string, unknown>>; link: Array<Record<string, string>> };
      };
      expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
      expect([feed.id, feed.title, feed.updated]).toEqual([
        `urn:uuid:${watch.id}`,
        "Critica watch: Does ketamine reduce pain?",
        "2026-12-02T10:00:07.000Z",
      ]);
      expect(feed.link.map((l) => [l["@_rel"], l["@_href"]])).toEqual([
        ["self", `https://critica.example.org/api/feeds/${watch.feedToken}`],
        ["alternate", `https://critica.example.org/reports/${watch.runId}`],
      ]);
      expect(feed.entry).toHaveLength(1);
      const [entry] = feed.entry;
      expect([entry.id, entry.title, entry.updated]).toEqual([
        "urn:uuid:c2",
        summary.headline,
        "2026-12-02T10:00:07.000Z",
      ]);
      expect((entry.link as Array<Record<string, string>>)[0]["@_href"]).toBe(
        `https://critica.example.org/reports/${watch.runId}/versions/2`,
      );
      // The text content keeps markup characters as text (escaped in the XML, read back as written).
      expect((entry.content as Record<string, string>)["#text"].split("\n")).toEqual([
        summary.headline,
        "New: PMID 11027905 “Analgesic effect of intravenous ketamine <in> cancer patients & morphine” " +
          "(randomized trial): points yes; cited in the report.",
        "References: 0 added, 0 removed (report v1 → v2).",
      ]);
      expect(xml).toContain("&lt;in&gt; cancer patients &amp; morphine");
    },
  );
});
