import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConceptFile, classStem, inferActions } from "@/scripts/vocabularies/build-concepts";
import { doRelease, parseDoid } from "@/scripts/vocabularies/read-doid";
import { meshFileUrls, readMeshXml } from "@/scripts/vocabularies/read-mesh-xml";

// Two descriptors and a pharmacological action as NLM writes desc<year>.xml, pa<year>.xml and mtrees<year>.bin
// (element and attribute names of NLM's DTDs; values from MeSH 2024: Lovastatin, Fluvastatin and the statins' PA).
const DESC = `<?xml version="1.0"?>
<!DOCTYPE DescriptorRecordSet SYSTEM "desc2024.dtd">
<DescriptorRecordSet LanguageCode="eng">
<DescriptorRecord DescriptorClass="1">
  <DescriptorUI>D008148</DescriptorUI>
  <DescriptorName><String>Lovastatin</String></DescriptorName>
  <PharmacologicalActionList>
    <PharmacologicalAction><DescriptorReferredTo><DescriptorUI>D019161</DescriptorUI>
      <DescriptorName><String>Hydroxymethylglutaryl-CoA Reductase Inhibitors</String></DescriptorName>
    </DescriptorReferredTo></PharmacologicalAction>
  </PharmacologicalActionList>
  <TreeNumberList><TreeNumber>D04.615.638.402</TreeNumber></TreeNumberList>
  <ConceptList><Concept PreferredConceptYN="Y"><ConceptUI>M0012669</ConceptUI>
    <ConceptName><String>Lovastatin</String></ConceptName>
    <TermList>
      <Term ConceptPreferredTermYN="Y" IsPermutedTermYN="N" LexicalTag="NON" RecordPreferredTermYN="Y">
        <TermUI>T024114</TermUI><String>Lovastatin</String></Term>
      <Term ConceptPreferredTermYN="N" IsPermutedTermYN="N" LexicalTag="NON" RecordPreferredTermYN="N">
        <TermUI>T024113</TermUI><String>Mevinolin</String></Term>
      <Term ConceptPreferredTermYN="N" IsPermutedTermYN="N" LexicalTag="TRD" RecordPreferredTermYN="N">
        <TermUI>T024115</TermUI><String>Mevacor</String></Term>
    </TermList></Concept></ConceptList>
</DescriptorRecord>
<DescriptorRecord DescriptorClass="1">
  <DescriptorUI>D019161</DescriptorUI>
  <DescriptorName><String>Hydroxymethylglutaryl-CoA Reductase Inhibitors</String></DescriptorName>
  <TreeNumberList><TreeNumber>D27.505.519.389.370</TreeNumber></TreeNumberList>
  <ConceptList><Concept PreferredConceptYN="Y"><ConceptUI>M0029087</ConceptUI>
    <ConceptName><String>Hydroxymethylglutaryl-CoA Reductase Inhibitors</String></ConceptName>
    <TermList>
      <Term ConceptPreferredTermYN="N" IsPermutedTermYN="N" LexicalTag="NON" RecordPreferredTermYN="N">
        <TermUI>T041316</TermUI><String>Statins</String></Term>
    </TermList></Concept></ConceptList>
</DescriptorRecord>
<DescriptorRecord DescriptorClass="1">
  <DescriptorUI>D000077340</DescriptorUI>
  <DescriptorName><String>Fluvastatin</String></DescriptorName>
  <TreeNumberList><TreeNumber>D03.633.100.473.305</TreeNumber></TreeNumberList>
  <ConceptList><Concept PreferredConceptYN="Y"><ConceptUI>M0023364</ConceptUI>
    <ConceptName><String>Fluvastatin</String></ConceptName>
    <TermList><Term ConceptPreferredTermYN="Y" IsPermutedTermYN="N" LexicalTag="NON" RecordPreferredTermYN="Y">
      <TermUI>T042560</TermUI><String>Fluvastatin</String></Term></TermList>
  </Concept></ConceptList>
</DescriptorRecord>
</DescriptorRecordSet>
`;
const PA =
  `<?xml version="1.0"?>
<PharmacologicalActionSet LanguageCode="eng">
<PharmacologicalAction>
  <DescriptorReferredTo><DescriptorUI>D019161</DescriptorUI>
    <DescriptorName><String>Hydroxymethylglutaryl-CoA Reductase Inhibitors</String></DescriptorName>` +
  `</DescriptorReferredTo>
  <PharmacologicalActionSubstanceList>
    <Substance><RecordUI>D008148</RecordUI><RecordName><String>Lovastatin</String></RecordName></Substance>
    <Substance><RecordUI>C086276</RecordUI><RecordName><String>cerivastatin</String></RecordName></Substance>
  </PharmacologicalActionSubstanceList>
</PharmacologicalAction>
</PharmacologicalActionSet>
`;
const TREES = "Chemicals and Drugs;D\nLovastatin;D04.615.638.402\nFluvastatin;D10.251.450.300\n";
const DO = `format-version: 1.2
data-version: releases/2016-09-01

[Term]
id: DOID:11634
name: myxedema
synonym: "Myxoedema" EXACT []
synonym: "myxedema coma" RELATED []
xref: MESH:D009230
is_a: DOID:1459 ! hypothyroidism

[Term]
id: DOID:9999
name: obsolete thing
is_obsolete: true
`;

let server: Server;
let base = "";
beforeAll(async () => {
  const files: Record<string, Buffer> = {
    "/mesh/xmlmesh/desc2024.gz": gzipSync(DESC),
    "/mesh/xmlmesh/pa2024.xml": Buffer.from(PA),
    "/mesh/meshtrees/mtrees2024.bin": Buffer.from(TREES),
  };
  server = createServer((req, res) => {
    const body = files[req.url ?? ""];
    res.writeHead(body ? 200 : 404).end(body ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mesh`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the concept vocabulary's builder", () => {
  it("reads NLM's own MeSH files at a configurable address, streaming the XML", async () => {
    expect(meshFileUrls("https://example.org/m/", "2024").desc).toBe("https://example.org/m/xmlmesh/desc2024.gz");
    const mesh = await readMeshXml(base, "2024");
    expect(mesh.descriptors.get("D008148")).toEqual({
      ui: "D008148",
      name: "Lovastatin",
      trees: ["D04.615.638.402"],
      terms: [
        { text: "Lovastatin", tag: "NON", permuted: false },
        { text: "Mevinolin", tag: "NON", permuted: false },
        { text: "Mevacor", tag: "TRD", permuted: false },
      ],
    });
    expect(mesh.descriptors.get("D000077340")?.trees).toEqual(["D03.633.100.473.305", "D10.251.450.300"]);
    expect(mesh.actions.get("D008148")).toEqual(["D019161"]);
    expect(mesh.actions.get("C086276")).toEqual(["D019161"]); // a supplementary concept record from pa2024.xml
    await expect(readMeshXml(base, "1999")).rejects.toThrow(/desc1999\.gz: HTTP 404/);
  });

  it("finds a class's INN stem and gives it to a drug the PA table left out", async () => {
    expect(classStem(["Atorvastatin", "Lovastatin", "Pravastatin", "Rosuvastatin Calcium", "Simvastatin"])).toBe(
      "vastatin",
    );
    expect(classStem(["Cimetidine", "Ranitidine"])).toBeNull(); // fewer than 3 members
    const mesh = await readMeshXml(base, "2024");
    mesh.descriptors.get("D008148")!.name = "Lovastatin";
    for (const [ui, name] of [
      ["D1", "Pravastatin"],
      ["D2", "Simvastatin"],
    ]) {
      mesh.descriptors.set(ui, { ui, name, trees: ["D04.1"], terms: [] });
      mesh.actions.set(ui, ["D019161"]);
    }
    expect(inferActions(mesh, new Set(mesh.descriptors.keys()))).toEqual(new Map([["D000077340", ["D019161"]]]));
  });

  it("joins the Disease Ontology's EXACT synonyms to the MeSH descriptor it cross-references", async () => {
    const terms = parseDoid(DO);
    expect(doRelease(DO)).toBe("2016-09-01");
    expect(terms).toEqual([
      { id: "DOID:11634", name: "myxedema", synonyms: ["Myxoedema"], mesh: ["D009230"], parents: ["DOID:1459"] },
    ]);
    const mesh = await readMeshXml(base, "2024");
    mesh.descriptors.set("D009230", { ui: "D009230", name: "Myxedema", trees: ["C19.874.482.638"], terms: [] });
    const file = buildConceptFile(
      { mesh, doTerms: terms, doRelease: "2016-09-01", doSource: "doid.obo", englishWords: new Set(), mode: "online" },
      Date.now(),
      "0123456789abcdef",
    );
    const row = (id: string) => file.concepts.find((r) => r[0] === id);
    expect(row("D009230")?.[2]).toBe("Myxedema|~Myxoedema");
    // Lovastatin's brand name Mevacor is kept, marked "^" (recognised, never searched by).
    expect(row("D008148")).toEqual(["D008148", "Lovastatin", "Lovastatin|Mevinolin|^Mevacor", "D019161", ""]);
    expect(file.index.trees.split("\n")).toContain("D04.615.638.402");
    expect(row("D000077340")?.[3]).toBe(""); // one statin with a stem is not a class stem
    expect(file.substances).toEqual([["C086276", "D019161"]]);
    expect(file.meta.version).toBe("MeSH 2024 · Disease Ontology 2016-09-01");
    expect(file.index.terms.split("\n")).toContain("mevinolin");
  });
});
