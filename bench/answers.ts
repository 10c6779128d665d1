import type { Answerer, ResponseSchema } from "./latency-model";

/**
 * Scripted answers for the bench's latency model: schema-valid objects for each agent, built against the
 * evidence blocks the prompt shows (keys, sentence ids), so the workflow runs its real code paths — the
 * critic passes, citations resolve. The agent is recognised by the shape of the JSON schema the AI SDK sends
 * (a top-level property only that agent's schema has), never by words of the prompt.
 * Research: iteration 1's judge asks to continue with two new queries, iteration 2's synthesizes.
 */

interface Block {
  key: string;
  /** The sentence ids of the block's excerpt ("E3.2"), in order; none for a record without abstract. */
  sentences: string[];
}

/** The evidence blocks of a research prompt, in order: key and excerpt sentence ids. */
function blocks(prompt: string): Block[] {
  return [...prompt.matchAll(/<evidence key="(E\d+)" id="[^"]+">\n([\s\S]*?)\n<\/evidence>/g)].map((m) => ({
    key: m[1],
    sentences: [...m[2].matchAll(/^(E\d+\.\d+) /gm)].map((x) => x[1]),
  }));
}

/** The numbered blocks of a claim-check prompt (scoring, passages): their numbers n. */
function numberedBlocks(prompt: string): number[] {
  return [...prompt.matchAll(/<evidence n="(\d+)"/g)].map((m) => Number(m[1]));
}

const has = (schema: ResponseSchema, property: string) => Boolean(schema?.properties && property in schema.properties);

/** Whether `claims` holds objects (the critic's verdicts) rather than strings (claim extraction). */
function claimsAreObjects(schema: ResponseSchema): boolean {
  const claims = schema?.properties?.claims as { items?: { type?: string } } | undefined;
  return claims?.items?.type === "object";
}

/** The relevance pass: every block shown bears on the question (score 7), so the agents see them all. */
function relevanceAnswer(prompt: string): object {
  return {
    records: blocks(prompt).map((b) => ({
      key: b.key,
      summary: "Reports a finding that bears on the question.",
      score: 7,
    })),
  };
}

function hypothesisAnswer(prompt: string, iteration: number): object {
  const b = blocks(prompt);
  const k = (i: number) => b[Math.min(i, b.length - 1)]?.key ?? "E1";
  const h = (target: string, pathway: string, refs: string[], searches: string[]) => ({
    drug: "metformin",
    target,
    pathway,
    effect: "reduced tumour growth",
    confidence: 0.6,
    supportingEvidence: refs,
    contradictingEvidence: [],
    searchSuggestions: searches,
    links: null,
  });
  return {
    evidenceReading: "The records link metformin to AMPK and mTOR signalling in tumour cells.",
    hypotheses: [
      h(
        "PRKAA1",
        "AMPK signalling",
        [k(0), k(1)],
        [`metformin AMPK tumour ${iteration}`, `metformin mTOR inhibition ${iteration}`],
      ),
      h("MTOR", "mTORC1 signalling", [k(2)], [`metformin insulin IGF-1 cancer ${iteration}`]),
    ],
    primaryHypothesis: 1,
    knowledgeGaps: [
      { gap: "Human trial evidence of tumour response", search: `metformin randomised trial cancer ${iteration}` },
    ],
    recommendedSearches: [],
  };
}

function judgeAnswer(prompt: string, iteration: number): object {
  const [b1, b2] = blocks(prompt);
  const last = iteration >= 2;
  return {
    mechanismScore: last ? 7 : 5,
    mechanismReasoning: `AMPK activation is reported [${b1.key}].`,
    clinicalScore: last ? 6 : 4,
    clinicalReasoning: `Observational data [${(b2 ?? b1).key}].`,
    drugCandidates: ["metformin"],
    keyFindings: [`Metformin activates AMPK [${b1.key}].`],
    sufficient: last,
    confidence: last ? 0.7 : 0.4,
    recommendation: last ? "synthesize" : "continue",
    nextSearchQueries: last ? [] : ["metformin cancer incidence cohort", "metformin tumour AMPK mechanism"],
    reasoning: last ? "Mechanism and clinical data suffice." : "Human data are thin.",
  };
}

function reportAnswer(prompt: string): object {
  // Statements cite sentence ids, so only blocks with an excerpt are cited (a record without abstract has no sentence).
  const b = blocks(prompt).filter((block) => block.sentences.length > 0);
  const [b1, b2, b3] = [b[0], b[1] ?? b[0], b[2] ?? b[0]];
  const S = (text: string, block: Block) => ({ support: [block.sentences[0]], text });
  return {
    evidenceReading: "The records bear on the question.",
    outcome: "answers",
    missing: [],
    title: "Metformin and cancer: mechanism and clinical evidence",
    executiveSummary: [
      S(
        `The retrieved records describe how the studied drug acts on cellular energy sensing and growth ` +
          `signalling [${b1.key}].`,
        b1,
      ),
      S(
        `Clinical and observational records report outcomes in treated patients that bear on the question [${b2.key}].`,
        b2,
      ),
    ],
    methodology:
      "PubMed, Europe PMC and ClinicalTrials.gov were searched over two iterations; the judge scored mechanism " +
      "and clinical evidence after each.",
    mechanisticFindings: [
      S(`One record reports the pathway effects that link the drug to its proposed target [${b1.key}].`, b1),
      S(`A further record describes downstream effects on cell growth and survival signalling [${b3.key}].`, b3),
    ],
    clinicalFindings: [
      S(`Clinical records give outcomes in patients, with the limits of their designs [${b2.key}].`, b2),
    ],
    drugCandidates: ["metformin"],
    limitations: [
      "Most records are observational or preclinical.",
      "Searches were limited to three sources and two iterations.",
    ],
    conclusion: [
      S(
        `The mechanism is plausible and supported by the retrieved records, while clinical confirmation ` +
          `remains limited [${b1.key}, ${b2.key}].`,
        b2,
      ),
    ],
  };
}

function criticAnswer(prompt: string): object {
  const claims = [...prompt.matchAll(/<claim n="(\d+)"/g)].map((m) => Number(m[1]));
  return { claims: claims.map((claim) => ({ claim, reasoning: "Every element is stated.", verdict: "PASS" })) };
}

/** The scripted answerer of one research run (judge and hypothesis iterations are counted per answerer). */
export function researchAnswerer(): Answerer {
  let hypothesisCalls = 0;
  let judgeCalls = 0;
  return (schema, prompt) => {
    if (has(schema, "records")) return { agent: "relevance", text: JSON.stringify(relevanceAnswer(prompt)) };
    if (has(schema, "hypotheses"))
      return { agent: "hypothesis", text: JSON.stringify(hypothesisAnswer(prompt, ++hypothesisCalls)) };
    if (has(schema, "mechanismScore"))
      return { agent: "judge", text: JSON.stringify(judgeAnswer(prompt, ++judgeCalls)) };
    if (has(schema, "executiveSummary")) return { agent: "report", text: JSON.stringify(reportAnswer(prompt)) };
    if (has(schema, "claims") && claimsAreObjects(schema))
      return { agent: "critic", text: JSON.stringify(criticAnswer(prompt)) };
    return claimAnswerer()(schema, prompt);
  };
}

const HYDE =
  "Background: Whether the drug affects the outcome is debated. Methods: We analysed a cohort of treated and " +
  "untreated patients. Results: " +
  "The outcome did not differ between groups after adjustment for confounders. Conclusion: The drug showed no " +
  "effect on the outcome in this cohort.";

/**
 * The scripted answerer of a claim check: one claim; a counter-statement with two HyDE abstracts; every scored
 * document gets 1 (on topic, no support for the counter-statement), so no passages are asked for and the
 * counter-report is the empty-evidence one — the fewest calls our claim check can make, which keeps the round-trip
 * comparison with PaperChecker conservative.
 */
export function claimAnswerer(): Answerer {
  return (schema, prompt) => {
    if (has(schema, "claims"))
      return {
        agent: "claim-extraction",
        text: JSON.stringify({ claims: ["Metformin reduces the incidence of cancer in patients with diabetes."] }),
      };
    if (has(schema, "counterStatement")) {
      return {
        agent: "counter-statement",
        text: JSON.stringify({
          counterStatement: "Metformin does not reduce the incidence of cancer in patients with diabetes.",
          keywords: ["metformin", "cancer", "diabetes", "incidence"],
          keywordQuery: "metformin AND cancer AND diabetes",
          hydeAbstracts: [HYDE, HYDE],
        }),
      };
    }
    if (has(schema, "scores"))
      return {
        agent: "claim-scoring",
        text: JSON.stringify({
          scores: numberedBlocks(prompt).map((n) => ({
            n,
            score: 1,
            rationale: "On topic; no finding for the counter-statement.",
          })),
        }),
      };
    if (has(schema, "passages")) return { agent: "claim-passages", text: JSON.stringify({ passages: [] }) };
    if (has(schema, "verdict"))
      return {
        agent: "claim-verdict",
        text: JSON.stringify({ verdict: "undecided", confidence: "low", rationale: "No counter-evidence was found." }),
      };
    if (has(schema, "report"))
      return {
        agent: "counter-report",
        text: JSON.stringify({ report: "No record supported the counter-statement." }),
      };
    throw new Error(
      `bench model: no scripted answer for a call with schema properties ` +
        `${Object.keys(schema?.properties ?? {}).join(", ") || "(none)"}`,
    );
  };
}
