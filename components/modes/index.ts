import { claimCheckPresentation } from "./claim-check";
import { presentationRegistry } from "./presentation";
import { researchPresentation } from "./research";

/**
 * How each mode of lib/modes.ts looks (its form, results, history badge), in the order the home page offers them. A
 * new mode is its folder here and one line in this list (and in events.ts; versions.ts if its runs have versions).
 * Client components import this: nothing here may reach server-only code (the version pages are in versions.ts).
 */
export const presentations = presentationRegistry([researchPresentation, claimCheckPresentation]);
