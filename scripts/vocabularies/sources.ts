/**
 * Source and licence statements recorded in the lexicon's metadata (and summarised in docs/architecture.md,
 * Vocabularies).
 * Licences as read from the packages' Debian copyright files (usr/share/doc/<package>/copyright) and the
 * upstream data providers' terms. Used by scripts/build-vocabularies.ts only.
 */
import type { LexiconSource } from "@/lib/vocabularies/lexicon-format";

/**
 * The lexicon's sources.
 * @param versions Debian package versions, by package name.
 * @param orgHs org.Hs.eg.db's metadata table (EGSOURCEDATE, GOSOURCEDATE, KEGGSOURCEDATE …).
 * @param go GO.db's metadata table (GOSOURCEDATE …).
 */
export function lexiconSources(
  versions: Record<string, string>,
  orgHs: Record<string, string>,
  go: Record<string, string>,
): LexiconSource[] {
  return [
    {
      package: `r-bioc-org.hs.eg.db ${versions["r-bioc-org.hs.eg.db"]}`,
      content:
        `NCBI Gene (Entrez Gene) human genes, symbols, aliases and names, ${orgHs.EGSOURCEDATE}; ` +
        `gene→GO biological-process annotations (NCBI gene2go), ${orgHs.GOEGSOURCEDATE}; ` +
        `gene→KEGG pathway IDs (KEGG GENOME), ${orgHs.KEGGSOURCEDATE}`,
      licence:
        "Bioconductor package org.Hs.eg.db: Artistic-2.0 (Marc Carlson; Debian copyright file). " +
        "NCBI Gene data: no restrictions on use or distribution (NCBI data policy; third-party rights may apply). " +
        "GO annotations: CC BY 4.0 (Gene Ontology Consortium). " +
        "KEGG pathway IDs: KEGG terms of use (free for academic use; see https://www.kegg.jp/kegg/legal.html).",
      url: "https://bioconductor.org/packages/org.Hs.eg.db/",
    },
    {
      package: `r-bioc-go.db ${versions["r-bioc-go.db"]}`,
      content: `Gene Ontology biological-process terms and synonyms (go-basic.obo), ${go.GOSOURCEDATE}`,
      licence:
        "Bioconductor package GO.db: Artistic-2.0 (Marc Carlson; Debian copyright file). " +
        "Gene Ontology content: CC BY 4.0 (Gene Ontology Consortium, http://geneontology.org/docs/go-licenses/).",
      url: "https://bioconductor.org/packages/GO.db/",
    },
    {
      package: `wamerican ${versions.wamerican}`,
      content: "SCOWL American English word list, used only to drop gene aliases and GO forms that are English words",
      licence: "SCOWL: permissive (copyright Kevin Atkinson and others; use, copy, modify and distribute with notice).",
      url: "http://wordlist.aspell.net/",
    },
  ];
}
