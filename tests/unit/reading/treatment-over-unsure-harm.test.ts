import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readQuestionEvidence } from "@/lib/reading/read";
import { setRelationWeights } from "@/lib/relations/predict";
import { heldOutDevWeights } from "@/scripts/cdr-pairs";
import { loadCorpus } from "@/tests/support/corpus";

// PMID 9121607 is a CDR_DevelopmentSet record: read, as `eval -- bottomline --split dev` reads it, by the relation
// model fitted on the training set alone (the committed model was fitted on it too and reads it differently).
describe("a record showing the drug protecting against the disease, read by the held-out model", () => {
  beforeAll(() => setRelationWeights(heldOutDevWeights()), 60_000);
  afterAll(() => setRelationWeights(null));

  it("is a treatment (no), not a possible harm, whatever a narrower disease's weak reading", () => {
    // Clonazepam protects against pilocarpine seizures. Status epilepticus, below Seizures, is read at once, and the
    // relation model leans weakly to clonazepam-induced status epilepticus (P 0.08): that must not outweigh the
    // protection and answer "Does clonazepam cause seizures?" probably yes.
    const read = readQuestionEvidence(
      "Does clonazepam cause seizures?",
      loadCorpus().filter((e) => e.citation.pmid === "9121607"),
    );
    expect(read.readings[0]).toMatchObject({
      stance: "no",
      reason: "names clonazepam and seizures; reads clonazepam as treating or preventing seizures, not causing it",
      match: [
        { written: "clonazepam", kind: "exact" },
        { written: "seizures", kind: "exact" },
      ],
    });
  });
});
