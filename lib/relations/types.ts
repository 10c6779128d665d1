/**
 * Shapes shared by the chemical-induced-disease (CID) relation model: documents with entity mentions in,
 * pair predictions out. Offsets follow the PubTator convention of BioCreative V CDR (Wei et al. 2016).
 */

/**
 * A mention with offsets into `title + " " + abstract` (PubTator convention): `fullText.slice(start, end) === text`.
 * id: MeSH ID (e.g. "D003000"), or the lower-cased text when the mention has none. A composite ID "D1|D2"
 * (a coordinated mention such as "visual or auditory toxicity") counts as a mention of each part.
 */
export interface RelationMention {
  start: number;
  end: number;
  text: string;
  type: "chemical" | "disease";
  id: string;
}

/** A PubMed record reduced to what the relation model reads: title, abstract and entity mentions. */
export interface RelationDocument {
  title: string;
  abstract: string;
  mentions: RelationMention[];
}

/**
 * A sentence of `title + " " + abstract` (the title is sentence 0). start/end: offsets into that text.
 * cue: the strongest relation cue of the sentence for the pair ("induced", "protects", …) or null.
 * negated: a NegEx-style negation trigger's scope covers the pair's relation in this sentence.
 */
export interface RelationSentence {
  text: string;
  start: number;
  end: number;
  cue: string | null;
  negated: boolean;
}

/** What the model says about one chemical × disease pair of a document. */
export interface PairPrediction {
  chemicalId: string;
  diseaseId: string;
  /** Most frequent surface form of the chemical in the document. */
  chemical: string;
  /** Most frequent surface form of the disease in the document. */
  disease: string;
  /** P(CID) from the trained logistic-regression model, 0–1. */
  probability: number;
  /**
   * causes: probability ≥ the threshold tuned on CDR_DevelopmentSet (weights.json `threshold`) and not negated,
   *   or the document's most probable pair when no pair reaches it and it reaches `fallbackThreshold` (decideAll);
   * treats: a therapeutic/protective cue relates the pair in a non-negated sentence (see lib/text/relation-cues.ts);
   * none: neither.
   */
  relation: "causes" | "treats" | "none";
  /** Every sentence relating the pair is negated (NegEx-style), e.g. "X did not induce Y". */
  negated: boolean;
  /** Sentences where both occur, or (when none) the first sentence of each entity, in text order. */
  sentences: RelationSentence[];
}
