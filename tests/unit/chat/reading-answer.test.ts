import { describe, expect, it } from "vitest";
import { conversationReferences } from "@/lib/chat/references";
import { readingAnswer } from "@/lib/chat/reading-answer";
import { loadCorpus } from "@/tests/support/corpus";

// BC5CDR test records (loadCorpus: Development, Test, Training): four naming levodopa with dyskinesia, one not.
const ids = ["pmid:23952588", "pmid:24126708", "pmid:16309808", "pmid:20169779", "pmid:23535177"];
const evidence = ids.map((id) =>
  loadCorpus()
    .slice(500, 1000)
    .find((e) => e.id === id)!,
);

describe("a yes/no follow-up answered by the shared reading", () => {
  it(
    "answers “Does levodopa cause dyskinesia?” with the bottom line's verdict, each record quoted with its " +
      "reading",
    () => {
      const answer = readingAnswer("Does levodopa cause dyskinesia?", conversationReferences(evidence, []))!;
      expect(answer.answered).toBe(true);
      const [lead, , first] = answer.text.split("\n");
      expect(lead).toBe(
        "Yes, by the reading the report's bottom line uses: of the run's 4 records that name levodopa and " +
          "dyskinesia, 4 point yes [1, 2, 4, 5].",
      );
      // The probability is named in plain words since the record stances stopped saying P(CID); it moves with each
      // retraining (0.97 before the second stage).
      expect(first).toMatch(
        new RegExp(
          "^- The record names levodopa and dyskinesia; " +
            "the relation model reads it as levodopa-induced dyskinesia " +
            "\\(relation probability 0\\.96\\) \\[1\\]: “Chronic pulsatile levodopa therapy",
        ),
      );
      expect(answer.text.split("\n").filter((l) => l.startsWith("- "))).toHaveLength(4);
    },
  );

  it("leaves other follow-ups to the other answers", () => {
    expect(readingAnswer("What doses were used?", conversationReferences(evidence, []))).toBeNull();
    expect(readingAnswer("Does aspirin cause dyskinesia?", conversationReferences(evidence, []))).toBeNull();
  });
});
