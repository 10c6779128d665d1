import { describe, expect, it } from "vitest";
import { askedQuantities, findQuantities } from "@/lib/text/quantities";

// Sentences from the shared full texts (fulltext/europepmc), and one odds ratio as trials write them.
const kinds = (text: string) => findQuantities(text).map((q) => `${q.kind}:${q.text}`);

describe("the numbers a sentence states, by kind", () => {
  it("doses with their units and schedule", () => {
    expect(kinds("The patient was switched to oral levofloxacin, 500 mg daily, one week prior to admission.")).toEqual([
      "dose:500 mg daily",
      "duration:one week",
    ]);
    expect(kinds("Ipilimumab was started at a dose of 3 mg/kg every three weeks.")).toEqual([
      "dose:3 mg/kg every three weeks",
    ]);
    expect(kinds("the patient was started on methimazole at a dose of 30 mg/day")).toEqual(["dose:30 mg/day"]);
  });
  it("laboratory values are not doses: concentrations, counts per volume, powers of ten", () => {
    expect(kinds("a platelet count on admission of 128.0 × 10^9/L (150–450 × 10^9/L)")).toEqual([
      "lab:128.0 × 10^9/L",
      "lab:150–450 × 10^9/L",
    ]);
    expect(kinds("hemoglobin 11.0 g/dL and creatinine of 2.2 mg/dL; ANC count further plummeted to 1200/μL")).toEqual([
      "lab:11.0 g/dL",
      "lab:2.2 mg/dL",
      "lab:1200/μL",
    ]);
  });
  it("sample sizes, durations, rates and effect sizes with their interval", () => {
    expect(kinds("Twenty-four adult male albino rats were used; the animals were divided (n = 6).")).toEqual([
      "sample:Twenty-four adult male albino rats",
      "sample:n = 6",
    ]);
    expect(kinds("All drugs were given orally once daily for fourteen (14) days.")).toEqual([
      "duration:for fourteen (14) days",
    ]);
    expect(kinds("Group 2 had higher mortality rates than group 1 (10.1% versus 2%).")).toEqual([
      "rate:10.1%",
      "rate:2%",
    ]);
    expect(kinds("bleeding was more likely (odds ratio was 1.52 (95% CI 1.10–2.09))")).toEqual([
      "effect:odds ratio was 1.52 (95% CI 1.10–2.09)",
    ]);
  });
  it("what a question asks for", () => {
    expect([...askedQuantities("What doses were used?")]).toEqual(["dose"]);
    expect([...askedQuantities("How many patients were enrolled, and for how long?")]).toEqual(["sample", "duration"]);
    expect([...askedQuantities("What was the mortality rate?")]).toEqual(["rate"]);
    expect([...askedQuantities("Does lithium cause diabetes insipidus?")]).toEqual([]);
  });
});
