import { describe, expect, it } from "vitest";
import { claimCheckInputSchema, firstIssue, researchInputSchema } from "@/lib/domain/run-input";
import { runIdSchema } from "@/lib/domain/run";

// The one input schema of each mode, which the forms, the HTTP API and the command line validate with (moved here from
// the start functions' tests: a run is started with the parsed value).
const messageOf = (schema: typeof researchInputSchema | typeof claimCheckInputSchema, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? null : firstIssue(parsed.error);
};

describe("the run input schemas", () => {
  it("reject a research request a user must fix, with a clear message", () => {
    expect(messageOf(researchInputSchema, { question: "   ", sources: ["local"] })).toBe("Please enter a question.");
    expect(messageOf(researchInputSchema, { question: "x".repeat(2001) })).toBe(
      "The question is longer than 2,000 characters.",
    );
    expect(messageOf(researchInputSchema, { question: "Is lithium nephrotoxic?", maxIterations: 11 })).toBe(
      "The number of iterations must be a whole number from 1 to 10.",
    );
    expect(messageOf(researchInputSchema, { question: "Is lithium nephrotoxic?", maxIterations: Number("two") })).toBe(
      "The number of iterations must be a whole number from 1 to 10.",
    );
    expect(messageOf(researchInputSchema, { question: "Is lithium nephrotoxic?", sources: [] })).toBe(
      "Choose at least one source.",
    );
    expect(messageOf(researchInputSchema, { question: "Is lithium nephrotoxic?", extra: 1 })).toBe(
      'Unrecognized key: "extra"',
    );
  });

  it("reject a claim-check request a user must fix, with a clear message", () => {
    expect(messageOf(claimCheckInputSchema, { text: "  ", sources: ["local"] })).toBe(
      "Please paste a claim or an abstract.",
    );
    expect(
      messageOf(claimCheckInputSchema, { text: "Lithium causes nephrogenic diabetes insipidus. ".repeat(426) }),
    ).toBe("The text is longer than 20,000 characters.");
    expect(messageOf(claimCheckInputSchema, { text: "Lithium is nephrotoxic.", sources: ["scopus"] })).toBe(
      'Invalid option: expected one of "pubmed"|"europepmc"|"ctgov"|"local"|"papers"',
    );
  });

  it("collapse whitespace and keep what the caller left unset unset (the mode's defaults apply)", () => {
    expect(researchInputSchema.parse({ question: "  Is lithium\n nephrotoxic? " })).toEqual({
      question: "Is lithium nephrotoxic?",
    });
    expect(claimCheckInputSchema.parse({ text: "Lithium  is nephrotoxic.", sources: ["local"] })).toEqual({
      text: "Lithium is nephrotoxic.",
      sources: ["local"],
    });
  });

  it("accept one form of run id everywhere", () => {
    expect(runIdSchema.safeParse("6f1c2a8e-4b7d-4c1e-9a2b-3d4e5f607182").success).toBe(true);
    expect(runIdSchema.safeParse("not-a-uuid").success).toBe(false);
  });
});
