import { claimCheckPresentation } from "./claim-check";
import { presentationRegistry } from "./presentation";
import { researchPresentation } from "./research";

/**
 * How each mode of lib/modes.ts looks (its form, results, timeline entries, history badge, versions), in the order
 * the home page offers them. A new mode is its folder here and one line in this list.
 */
export const presentations = presentationRegistry([researchPresentation, claimCheckPresentation]);
