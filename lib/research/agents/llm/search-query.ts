import { z } from "zod";

/**
 * Model-facing schema of one literature search a research agent proposes (a hypothesis's searches that would test
 * it, the judge's next searches): a string of a few keywords. Each answer schema uses it once, so its JSON Schema is
 * written inline, as if the field were written out.
 */
export const searchQuerySchema = z.string().describe("A literature search query (a few keywords).");
