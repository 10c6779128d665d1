import { writeFileSync } from "node:fs";
import path from "node:path";
import { promptsDocument } from "@/lib/prompts";

// npm run docs:prompts — writes docs/prompts.md from lib/prompts.ts (every model agent's instructions, answer fields
// and sampling). tests/unit/docs/prompts-doc.test.ts fails when the file differs from what this writes.
const file = path.resolve(import.meta.dirname, "../docs/prompts.md");
writeFileSync(file, promptsDocument());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
