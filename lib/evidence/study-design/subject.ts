import type { MeshDesign } from "./mesh";
import type { TextSubjects } from "./text-reading";

/** Who a study studied: people, animals, cells or tissues outside the body, or none recognised. */
export type Subject = "people" | "animals" | "in-vitro" | null;

/**
 * Who was studied. MeSH check tags decide when the record has them ("Animals" without "Humans": animal work, or in
 * vitro work when cell descriptors or cell words come and the text doses no living animal; "Humans" without
 * "Animals": people, or human cells when cell descriptors come and no person is named; both tags with cell
 * descriptors, no person and no living animal: in vitro work). Otherwise the text: a case
 * described, or a design only people have, with no animal named, is people; animals when species are named at least
 * as often as people (animal abstracts often mention patients: "a toxicity seen in patients"; a study in people
 * rarely names a species in its study sentences), in vitro instead when cells are named and no
 * living animal is dosed; people when any are named, unless cell work outweighs them twice over; in vitro when only
 * cells are named.
 */
export function subjectOf(mesh: MeshDesign, text: TextSubjects, humanOnly: boolean): Subject {
  const livingAnimals = text.animals > 0 && text.inVivo;
  const cellsOnly = text.inVitro > 0 && !livingAnimals;
  const meshCellsOnly = mesh.inVitro && text.people === 0 && !livingAnimals;
  if (mesh.animals && !mesh.humans)
    return (mesh.inVitro || text.inVitro > 0) && !livingAnimals ? "in-vitro" : "animals";
  if (mesh.humans && !mesh.animals) return meshCellsOnly ? "in-vitro" : "people";
  if (meshCellsOnly) return "in-vitro";
  if (humanOnly && text.animals === 0) return "people";
  if (text.animals > 0 && text.animals >= text.people) return cellsOnly ? "in-vitro" : "animals";
  if (text.people > 0) return cellsOnly && text.inVitro >= 2 * text.people ? "in-vitro" : "people";
  if (text.inVitro > 0 || mesh.inVitro) return "in-vitro";
  if (text.animals > 0 || mesh.animals) return "animals";
  return mesh.humans ? "people" : null;
}
