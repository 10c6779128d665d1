import type * as lib from "@/lib/modes";
import { modeRegistry, registerMode } from "@/lib/runs/registry";
import { wordCountMode } from "@/tests/support/toy-mode/lib/word-count/mode";
import { wordCountWorkflow } from "@/tests/support/toy-mode/lib/word-count/workflow";

/** lib/modes.ts with the word count's one line added to its registry (the test mocks lib/modes.ts with it). */
export function withWordCount(real: typeof lib): typeof lib {
  return {
    ...real,
    registry: modeRegistry([...real.registry.modes, registerMode({ ...wordCountMode, workflow: wordCountWorkflow })]),
  };
}
