import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HypothesesEvent } from "@/components/modes/research/hypotheses-event";
import { QuestionEvent } from "@/components/modes/research/question-event";
import type { MechanismHypothesis } from "@/lib/domain/hypothesis";

const TYPED: MechanismHypothesis = {
  drug: "ketoconazole",
  target: "IKr",
  pathway: "ventricular cardiac muscle cell action potential",
  effect: "TdP",
  confidence: 0.35,
  supportingEvidence: ["pmid:16403073", "pmid:24742750"],
  contradictingEvidence: [],
  searchSuggestions: [],
  links: [
    { from: "ketoconazole", to: "IKr", evidenceIds: ["pmid:16403073"] },
    {
      from: "IKr",
      to: "ventricular cardiac muscle cell action potential",
      evidenceIds: [],
      curated: "NCBI Gene GO annotation GO:0086005",
    },
    {
      from: "ventricular cardiac muscle cell action potential",
      to: "TdP",
      evidenceIds: ["pmid:24742750", "pmid:16403073"],
    },
  ],
  drugMeshId: "D007654",
  targetGeneId: "3757",
  targetSymbol: "KCNH2",
  pathwayGoId: "GO:0086005",
  effectMeshId: "D016171",
};

describe("typed chains and the question's classification in the timeline", () => {
  it("shows the question kind with the drugs and conditions it names", () => {
    const html = renderToStaticMarkup(
      createElement(QuestionEvent, { data: { kind: "open", drugs: [], conditions: ["torsade de pointes"] } }),
    );
    expect(html).toContain('data-testid="question-kind"');
    expect(html).toContain("open: which drugs cause the condition");
    expect(html).toContain("torsade de pointes");
  });

  it(
    "links a recognised target to NCBI Gene, a curated link to its GO annotation, and flags an unrecognised " +
      "target",
    () => {
      const unrecognised: MechanismHypothesis = {
        ...TYPED,
        target: "FINDINGS",
        targetGeneId: null,
        targetSymbol: null,
      };
      const data = {
        iteration: 1,
        assessment: {
          hypotheses: [TYPED, unrecognised],
          primaryHypothesis: TYPED,
          knowledgeGaps: [],
          recommendedSearches: [],
        },
      };
      const html = renderToStaticMarkup(createElement(HypothesesEvent, { data }));
      expect(html).toContain('href="https://www.ncbi.nlm.nih.gov/gene/3757"');
      expect(html).toContain("KCNH2 · NCBI Gene 3757");
      expect(html).toContain('href="https://www.ebi.ac.uk/QuickGO/term/GO:0086005"');
      // The GO ID is under the chain's "Identifiers"; the link says where it comes from in words.
      expect(html).toContain(
        "IKr → ventricular cardiac muscle cell action potential: curated: the gene&#x27;s Gene Ontology " +
          "annotation in NCBI Gene",
      );
      expect(html).toContain("pathway: Gene Ontology GO:0086005");
      expect(html.match(/<summary[^>]*>Identifiers<\/summary>/g)).toHaveLength(2);
      expect(html.match(/the target is not a known gene or protein \(NCBI Gene\)/g)).toHaveLength(1);
      expect(html).not.toContain("target unrecognised");
    },
  );
});
