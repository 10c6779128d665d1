import { describe, expect, it } from "vitest";
import { parseLibraryQuery } from "@/lib/sources/local";

describe("PubMed-style field tags in a local library query", () => {
  it("turns year, publication type and MeSH tags into filters and keeps the words", () => {
    expect(
      parseLibraryQuery(
        'lithium nephrotoxicity AND 2015:2020[dp] AND "Randomized Controlled Trial"[pt] AND "Lithium Compounds"[mh]',
      ),
    ).toEqual({
      text: "lithium nephrotoxicity AND   AND   AND  ",
      filters: {
        yearFrom: 2015,
        yearTo: 2020,
        publicationTypes: ["Randomized Controlled Trial"],
        mesh: ["Lithium Compounds"],
      },
    });
    expect(parseLibraryQuery("cisplatin 2019[pdat] Review[pt] Humans[MH] Mice[mesh]")).toEqual({
      text: "cisplatin        ",
      filters: { yearFrom: 2019, yearTo: 2019, publicationTypes: ["Review"], mesh: ["Humans", "Mice"] },
    });
  });

  it("leaves a query without tags as it is", () => {
    expect(parseLibraryQuery("Is lithium nephrotoxic, and by what mechanism?")).toEqual({
      text: "Is lithium nephrotoxic, and by what mechanism?",
    });
  });
});
