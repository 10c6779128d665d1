import { describe, expect, it } from "vitest";
import { findMarkers, formatMarker, rewriteMarkers, sentenceAround } from "@/lib/grounding/markers";

// Sentences from the extractive lithium report (BC5CDR abstracts), with its markers.
const SUMMARY =
  "It has been suggested that adenylate cyclase inhibition may be important in the development of both " +
  "nephrogenic diabetes insipidus and hypothyroidism during lithium treatment [1]. " +
  "We discuss the possible renal mechanisms and the implications for management of patients with " +
  "lithium-induced nephrogenic diabetes insipidus [2]. " +
  "The best-supported mechanism is lithium → AQP2 → adenylate cyclase → nephrogenic diabetes insipidus, " +
  "supported by 3 records [1, 4] and contradicted by 0.";

describe("findMarkers", () => {
  it("finds single, list and range markers with their spans", () => {
    const text = "Polyuria persisted [2]. Both [1, 4] and [3–5] agree; so does [6-7].";
    expect(findMarkers(text, 7)).toEqual([
      { start: 19, end: 22, tokens: [{ label: "2", numbers: [2] }] },
      {
        start: 29,
        end: 35,
        tokens: [
          { label: "1", numbers: [1] },
          { label: "4", numbers: [4] },
        ],
      },
      { start: 40, end: 45, tokens: [{ label: "3–5", numbers: [3, 4, 5] }] },
      { start: 61, end: 66, tokens: [{ label: "6–7", numbers: [6, 7] }] },
    ]);
  });

  it("ignores bracketed numbers that are no reference: years, 0, beyond the list, reversed ranges", () => {
    expect(findMarkers("Published [2019], see [0], [7], [5–3] or [2; 9].", 6)).toEqual([]);
  });
});

describe("sentenceAround", () => {
  it("returns the sentence of the report that holds the marker", () => {
    expect(sentenceAround(SUMMARY, SUMMARY.indexOf("[2]"))).toBe(
      "We discuss the possible renal mechanisms and the implications for management of patients with " +
        "lithium-induced nephrogenic diabetes insipidus [2].",
    );
    expect(sentenceAround(SUMMARY, SUMMARY.indexOf("[1, 4]"))).toBe(
      "The best-supported mechanism is lithium → AQP2 → adenylate cyclase → nephrogenic diabetes insipidus, " +
        "supported by 3 records [1, 4] and contradicted by 0.",
    );
  });

  it("gives a marker written after the full stop to the sentence before it", () => {
    const text = "Polyuria persisted after lithium was stopped. [2] Thirst was normal.";
    expect(sentenceAround(text, text.indexOf("[2]"))).toBe("Polyuria persisted after lithium was stopped.");
  });
});

describe("marker helpers", () => {
  it("compresses runs into ranges and handles separators", () => {
    expect(formatMarker([5, 1, 2, 3, 3])).toBe("[1–3, 5]");
    expect(formatMarker([1, 2])).toBe("[1, 2]");
    expect(rewriteMarkers("x [1;2] y [3-5] z [9]", (n) => (n <= 4 ? n : undefined))).toEqual({
      text: "x [1, 2] y [3, 4] z",
      removed: 2,
    });
    expect(rewriteMarkers("no markers [a] here [1a]", () => 1)).toEqual({
      text: "no markers [a] here [1a]",
      removed: 0,
    });
  });
});
