import { describe, expect, it, vi } from "vitest";
import { AppError, toAppError } from "@/lib/domain/errors";
import { toErrorMessage } from "@/app/_server/action-result";
import { errorResponse } from "@/app/api/_contract/respond";

// One error type behind both the server actions' ActionResult and the API routes' answers: the same error gives the
// same message in both, with its HTTP status in the API, and an internal error never shows its own message.
describe("one AppError for the server actions and the API routes", () => {
  it("maps an AppError to its status and its own message, in both", async () => {
    const cases: Array<[AppError, number]> = [
      [new AppError("invalid-input", "Please enter a question."), 400],
      [new AppError("unauthorized", "Sign in first."), 401],
      [new AppError("forbidden", "Only the run's owner may do this."), 403],
      [new AppError("not-found", "Unknown run."), 404],
      [new AppError("conflict", "The run is still researching: ask your follow-up once it has finished."), 409],
      [new AppError("rate-limited", "Too many runs started."), 429],
    ];
    for (const [error, status] of cases) {
      const res = errorResponse(error, "test", "Please try again.");
      expect([res.status, await res.json()]).toEqual([status, { error: error.message }]);
      expect(toErrorMessage(error, "test", "Please try again.")).toBe(error.message);
    }
  });

  it("answers any other error with 500 and the fallback message, logging the error itself", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const internal = new Error("SQLITE_BUSY: database is locked (/var/lib/critica/critica.db)");
      const res = errorResponse(internal, "POST /api/runs", "The run could not be started. Please try again.");
      expect([res.status, await res.json()]).toEqual([
        500,
        { error: "The run could not be started. Please try again." },
      ]);
      expect(toErrorMessage(internal, "startResearch", "The run could not be started. Please try again.")).toBe(
        "The run could not be started. Please try again.",
      );
      expect(logged.mock.calls).toEqual([
        ["POST /api/runs failed", internal],
        ["startResearch failed", internal],
      ]);
      expect(toAppError(internal, "x", "y")).toMatchObject({
        code: "internal",
        status: 500,
        message: "y",
        cause: internal,
      });
    } finally {
      logged.mockRestore();
    }
  });
});
