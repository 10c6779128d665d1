import { beforeAll, describe, expect, it } from "vitest";
import { findGeneMentions, genePathways, recogniseGene, vocabulariesAvailable } from "@/lib/vocabularies";

// Needs the built lexicon (npm run vocab:build; scripts/test.sh builds it first).
beforeAll(() => {
  if (!vocabulariesAvailable()) throw new Error("no vocabulary lexicon: run npm run vocab:build");
});

describe("recogniseGene", () => {
  it.each([
    ["hERG", "3757", "KCNH2"],
    ["KCNH2", "3757", "KCNH2"],
    ["IKr", "3757", "KCNH2"],
    ["aquaporin-2", "359", "AQP2"],
    ["aquaporin 2", "359", "AQP2"],
    ["AQP2", "359", "AQP2"],
    ["P-glycoprotein", "5243", "ABCB1"],
    ["5-HT1A receptor", "3350", "HTR1A"],
    ["Na+/K+-ATPase", "476", "ATP1A1"],
    ["TLR4", "7099", "TLR4"],
    ["toll-like receptor 4", "7099", "TLR4"],
    ["Bcl-2", "596", "BCL2"],
    ["p53", "7157", "TP53"],
    ["COX-2", "5743", "PTGS2"],
    ["cyclooxygenase-2", "5743", "PTGS2"],
    ["TNF-alpha", "7124", "TNF"],
    ["TNF-α", "7124", "TNF"],
    ["NF-kappaB", "4790", "NFKB1"],
    ["NF-κB", "4790", "NFKB1"],
    ["ACE", "1636", "ACE"],
    ["PPARγ", "5468", "PPARG"],
    ["ERα", "2099", "ESR1"],
    ["PKC-δ", "5580", "PRKCD"],
    ["HMG-CoA reductase", "3156", "HMGCR"],
    ["cytochrome P450 2D6", "1565", "CYP2D6"],
  ])("%s → %s (%s)", (phrase, entrezId, symbol) => {
    expect(recogniseGene(phrase)).toMatchObject({ entrezId, symbol });
  });

  it("reports how the gene was recognised and whether it stands for a family", () => {
    expect(recogniseGene("aquaporin-2")).toEqual({
      entrezId: "359",
      symbol: "AQP2",
      name: "aquaporin 2",
      matchedBy: "name",
      family: false,
    });
    expect(recogniseGene("NF-kappaB")).toMatchObject({ matchedBy: "curated", family: true });
    expect(recogniseGene("p53")).toMatchObject({ matchedBy: "alias", family: false });
  });

  it.each([
    "lithium",
    "dopamine",
    "cocaine",
    "apoptosis",
    "hypertension",
    "FINDINGS",
    "RESULTS",
    "METHODS",
    "BACKGROUND",
    "CAT",
    "MAX",
    "SET",
    "AGE",
    "PC",
    "RA",
    "ER",
    "IV",
    "MS",
    "T2",
    "CO",
    "NO",
    "HT1A",
    "PKC",
    "ERK",
    "ROS",
    "LPS",
    "ALT",
    "GSH",
    "insulin",
    "cat",
    "Dat",
    "eGFR",
    "CO2",
    "CCl4",
    "STZ",
    "IDDM",
    "neurotensin",
    "asparaginase",
    "min-1",
    "mm2",
    "LDL-C",
    "THP-1",
    "alpha1",
    "proteins",
    "lipoprotein",
    "",
  ])("%s is not a gene", (phrase) => {
    expect(recogniseGene(phrase)).toBeNull();
  });
});

describe("findGeneMentions (BC5CDR sentences)", () => {
  const pick = (text: string) => findGeneMentions(text).map((m) => [m.text, m.symbol, m.entrezId, m.start, m.end]);

  it("finds a name and its abbreviation", () => {
    const s =
      "Immunoblotting, immunohistochemistry, and quantitative (q) RT-PCR consistently detected a significant " +
      "decrease in aquaporin-2 (AQP2) protein expression in both the renal cortex and medulla of " +
      "lithium-treated +/+ mice.";
    expect(pick(s)).toEqual([
      ["aquaporin-2", "AQP2", "359", 114, 125],
      ["AQP2", "AQP2", "359", 127, 131],
    ]);
  });

  it("finds lower-case symbols and aliases", () => {
    const s =
      "Expression of p300 increased the cardiac level of bcl-2 and mdm-2, but not that of p53 or other members " +
      "of the bcl-2 family.";
    expect(pick(s)).toEqual([
      ["p300", "EP300", "2033", 14, 18],
      ["bcl-2", "BCL2", "596", 50, 55],
      ["mdm-2", "MDM2", "4193", 60, 65],
      ["p53", "TP53", "7157", 83, 86],
      ["bcl-2", "BCL2", "596", 111, 116],
    ]);
  });

  it("takes the longest match and skips family names", () => {
    const s =
      "In the present study, the effect of chronic pre-treatment with metformin on cardiac dysfunction and " +
      "toll-like receptor 4 (TLR4) activities following myocardial infarction and their relation with AMPK were " +
      "assessed.";
    expect(pick(s)).toEqual([
      ["toll-like receptor 4", "TLR4", "7099", 100, 120],
      ["TLR4", "TLR4", "7099", 122, 126],
    ]);
  });

  it("finds IKr but no drug, disease or abbreviation", () => {
    const s =
      "Finally, the IKr blockers, Terfenadine and Citalopram, which are reported to cause Torsade de Pointes " +
      "(TdP) in clinical practice, produced early afterdepolarization (EAD).";
    expect(pick(s)).toEqual([["IKr", "KCNH2", "3757", 13, 16]]);
  });

  it("finds 5-HT1A whole, never HT1A", () => {
    const s =
      "In addition, carteolol did not evoke 5-HT1A receptor-stimulating behavioral signs such as flat body " +
      "posture and forepaw treading and did not inhibit 5-hydroxytryptophan-induced head twitch in rats.";
    expect(pick(s)).toEqual([["5-HT1A", "HTR1A", "3350", 37, 43]]);
  });

  it("finds curated pharmacology names", () => {
    const s =
      "This prompted us to study the brain expression of P-glycoprotein (Pgp), a major drug efflux transporter " +
      "in many tissues, including the BBB, in TR(-) rats compared with nonmutant (wild-type) Wistar rats.";
    expect(pick(s)).toEqual([
      ["P-glycoprotein", "ABCB1", "5243", 50, 64],
      ["Pgp", "ABCB1", "5243", 66, 69],
    ]);
    expect(pick("Celecoxib (CE) is a novel drug, with high selectivity and affinity for COX-2 enzyme.")).toEqual([
      ["COX-2", "PTGS2", "5743", 71, 76],
    ]);
  });

  it("ignores ions, formulas, cell markers and abbreviations of chemicals", () => {
    expect(
      findGeneMentions(
        "Ca2+ and Ca(2+) overload, CO2 and CCl4, CD4+ cells, STZ-induced diabetes, ROS and LPS, the CA1 region.",
      ),
    ).toEqual([]);
  });

  it("keeps a name's commas and word boundaries", () => {
    expect(pick("protein, S and proteins")).toEqual([]);
    expect(pick("protein S deficiency")).toEqual([["protein S", "PROS1", "5627", 0, 9]]);
  });

  it("names cytochrome P450 enzymes as pharmacology does, never a provisional locus", () => {
    expect(recogniseGene("cytochrome P450 2D6")).toMatchObject({ entrezId: "1565", symbol: "CYP2D6" });
    expect(recogniseGene("CYP2D6")).toMatchObject({ entrezId: "1565", symbol: "CYP2D6" });
    expect(pick("metabolised by cytochrome P450 3A4 (CYP3A4)")).toEqual([
      ["cytochrome P450 3A4", "CYP3A4", "1576", 15, 34],
      ["CYP3A4", "CYP3A4", "1576", 36, 42],
    ]);
  });

  it("requires context for short letter-only symbols", () => {
    expect(pick("TNF levels rose.")).toEqual([["TNF", "TNF", "7124", 0, 3]]);
    expect(pick("The APP was used.")).toEqual([]);
  });
});

describe("genePathways", () => {
  it("lists KEGG pathways of PTGS2", () => {
    expect(genePathways("5743")).toContainEqual({ keggId: "hsa00590", name: null });
  });

  it("is empty for an unknown gene", () => {
    expect(genePathways("999999999")).toEqual([]);
  });
});

describe("recogniseGene with filler words", () => {
  it.each([
    ["the hERG K+ channel", "KCNH2"],
    ["I(Kr)", "KCNH2"],
    ["human TLR4 protein", "TLR4"],
    ["AQP2 mRNA", "AQP2"],
  ])("%s → %s", (phrase, symbol) => {
    expect(recogniseGene(phrase)?.symbol).toBe(symbol);
  });

  it("does not strip a phrase down to nothing", () => {
    expect(recogniseGene("receptor")).toBeNull();
    expect(recogniseGene("the channel")).toBeNull();
  });
});
