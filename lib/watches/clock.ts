import fs from "node:fs";
import { getConfig } from "@/lib/config";

/**
 * The watches' clock: the system time, plus the offset of the test clock file when CRITICA_TEST_CLOCK_FILE names
 * one (`{"offsetMs": n}`; a missing or unreadable file counts as 0). Every schedule decision reads it (creating a
 * watch, planning, beginning and ending a check), so a test that moves the offset a week ahead sees the checks of
 * that week without waiting for it. Read at each call: several processes (two instances on one database) see the
 * same time.
 */
export function watchNow(): Date {
  return new Date(Date.now() + clockOffsetMs());
}

/** The test clock's offset from the system time in ms (0 without a test clock). */
export function clockOffsetMs(): number {
  const file = getConfig().CRITICA_TEST_CLOCK_FILE;
  if (!file) return 0;
  try {
    const offset = (JSON.parse(fs.readFileSync(file, "utf8")) as { offsetMs?: unknown }).offsetMs;
    return typeof offset === "number" && Number.isFinite(offset) ? offset : 0;
  } catch {
    return 0;
  }
}

/** The system time at which the watch clock reads `at` (what a workflow's sleep waits for). */
export function systemTimeOf(at: Date): Date {
  return new Date(at.getTime() - clockOffsetMs());
}
