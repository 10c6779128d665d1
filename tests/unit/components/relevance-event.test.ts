import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Timeline } from "@/components/run/timeline";
import type { RunEvent, RunEventPayloads } from "@/lib/domain/events";

/** The timeline of one relevance event, as text. */
function shown(data: RunEventPayloads["relevance"]): string {
  const event: RunEvent = { seq: 1, type: "relevance", data, createdAt: "2026-11-28T12:00:00.000Z" };
  return renderToStaticMarkup(createElement(Timeline, { events: [event] })).replace(/<[^>]+>/g, "");
}

describe("the relevance stage in the run's timeline", () => {
  it("says how many records the agent reads, how many were scored now and how many were left out", () => {
    expect(shown({ iteration: 1, agent: "hypothesis", shown: 21, scored: 25, dropped: ["a", "b", "c", "d"] })).toBe(
      "Relevance: 21 records read for the hypotheses (25 scored now); 4 records left out as not bearing on the " +
        "question.",
    );
    expect(shown({ iteration: 2, agent: "judge", shown: 1, scored: 3, dropped: [] })).toBe(
      "Relevance: 1 record read for the judge (3 scored now).",
    );
  });

  it("shows nothing when the run had scored every record before and none was left out", () => {
    expect(shown({ iteration: 2, agent: "report", shown: 20, scored: 0, dropped: [] })).toBe("");
  });
});
