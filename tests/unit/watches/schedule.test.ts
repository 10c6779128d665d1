import { describe, expect, it } from "vitest";
import {
  addCadence,
  backoffDue,
  backoffFactor,
  dueAfterCadenceChange,
  nextDueAfter,
  planWatch,
} from "@/lib/watches/schedule";

const at = (iso: string) => new Date(iso);

describe("a watch's schedule", () => {
  it("adds days and weeks as 24-hour days and months as calendar months (UTC)", () => {
    expect(addCadence(at("2026-11-25T10:00:00Z"), "daily").toISOString()).toBe("2026-11-26T10:00:00.000Z");
    expect(addCadence(at("2026-11-25T10:00:00Z"), "weekly", 2).toISOString()).toBe("2026-12-09T10:00:00.000Z");
    expect(addCadence(at("2026-11-25T10:00:00Z"), "monthly").toISOString()).toBe("2026-12-25T10:00:00.000Z");
    // 31 January plus one month overflows into March, as Date.setUTCMonth does.
    expect(addCadence(at("2027-01-31T00:00:00Z"), "monthly").toISOString()).toBe("2027-03-03T00:00:00.000Z");
    expect(addCadence(at("2026-12-25T10:00:00Z"), "monthly", -1).toISOString()).toBe("2026-11-25T10:00:00.000Z");
  });

  it("the next due time after a check is one period after its due time, skipping periods missed while down", () => {
    // Checked 5 minutes late: next week, on the same schedule.
    expect(nextDueAfter(at("2026-12-02T10:00:00Z"), at("2026-12-02T10:05:00Z"), "weekly").toISOString()).toBe(
      "2026-12-09T10:00:00.000Z",
    );
    // The server was down for 17 days: one check covered them; the next is the first due time still ahead.
    expect(nextDueAfter(at("2026-12-02T10:00:00Z"), at("2026-12-19T12:00:00Z"), "weekly").toISOString()).toBe(
      "2026-12-23T10:00:00.000Z",
    );
  });

  it("backs off a watch whose sources all failed: 2×, 4×, then at most 8× the interval", () => {
    expect([0, 1, 2, 3, 4, 10].map(backoffFactor)).toEqual([1, 2, 4, 8, 8, 8]);
    expect(backoffDue(at("2026-12-02T10:00:00Z"), "daily", 2).toISOString()).toBe("2026-12-06T10:00:00.000Z");
  });

  it("plans: stop without a watch, sleep while paused or before the due time, check once it has come", () => {
    const due = at("2026-12-02T10:00:00Z");
    expect(planWatch(null, due)).toEqual({ kind: "stop" });
    expect(planWatch({ status: "paused", nextDueAt: due }, at("2026-12-09T00:00:00Z"))).toEqual({
      kind: "sleep",
      until: null,
    });
    expect(planWatch({ status: "active", nextDueAt: due }, at("2026-12-02T09:59:59Z"))).toEqual({
      kind: "sleep",
      until: due,
    });
    expect(planWatch({ status: "active", nextDueAt: due }, due)).toEqual({ kind: "check", dueAt: due });
  });

  it("a cadence change puts the next check one new period after the last check", () => {
    expect(dueAfterCadenceChange(at("2026-12-02T10:00:00Z"), at("2026-11-25T10:00:00Z"), "daily").toISOString()).toBe(
      "2026-12-03T10:00:00.000Z",
    );
    expect(dueAfterCadenceChange(null, at("2026-11-25T10:00:00Z"), "monthly").toISOString()).toBe(
      "2026-12-25T10:00:00.000Z",
    );
  });
});
