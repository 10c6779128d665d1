import { describe, expect, it } from "vitest";
import { createSentenceBuffer } from "@/lib/grounding/sentence-buffer";

/** The pieces a buffer hands out for `deltas`, the flushed rest last. */
function pieces(deltas: string[]): string[] {
  const buffer = createSentenceBuffer();
  const out = deltas.map((d) => buffer.push(d)).filter(Boolean);
  const rest = buffer.flush();
  return rest ? [...out, rest] : out;
}

describe("the sentence buffer of streamed model text", () => {
  it("hands out whole sentences only, each with the marker that follows it", () => {
    expect(
      pieces(["Lithium raises", " urine volume [1]", ". Amiloride ", "reduced it [2]. It was", " a rat study."]),
    ).toEqual(["Lithium raises urine volume [1]. ", "Amiloride reduced it [2]. ", "It was a rat study."]);
  });

  it("keeps a quotation whole, and a marker after the full stop with the sentence before it", () => {
    const buffer = createSentenceBuffer();
    expect(buffer.push('The abstract says "AVP rose. It ')).toBe("");
    expect(buffer.push('doubled." [1] Then more. Next')).toBe(
      'The abstract says "AVP rose. It doubled." [1] Then more. ',
    );
    expect(buffer.flush()).toBe("Next");
  });

  it("cuts at line breaks (list items) and returns nothing until a boundary is safe", () => {
    const buffer = createSentenceBuffer();
    expect(buffer.push("- first item")).toBe("");
    expect(buffer.push("\n- second")).toBe("- first item\n");
    expect(buffer.flush()).toBe("- second");
    expect(buffer.flush()).toBe("");
  });
});
