import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// import/no-cycle (eslint.config.mjs) skips type-only imports, whatever its options; this walks lib/'s imports of
// every kind (values, types, re-exports, dynamic import()) and finds the circles among them.
const ROOT = path.resolve(import.meta.dirname, "../../..");

/** Every .ts and .tsx file below `dir`, relative to the root. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [rel] : [];
  });
}

/** The file an import specifier of `from` names, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? specifier.slice(2)
    : specifier.startsWith(".")
      ? path.join(path.dirname(from), specifier)
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (fs.existsSync(path.join(ROOT, candidate)) && fs.statSync(path.join(ROOT, candidate)).isFile()) return candidate;
  return null;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The import graph of lib/: each file's imported files. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles("lib")) {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    const targets = [...text.matchAll(IMPORT)].flatMap((m) => resolve(file, m[1] ?? m[2]) ?? []);
    graph.set(
      file,
      [...new Set(targets)].filter((t) => t.startsWith("lib/")),
    );
  }
  return graph;
}

/** The strongly connected components of more than one file, or of a file importing itself (Tarjan's algorithm). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("lib/'s imports", () => {
  it("form no circle, type-only and dynamic imports included", () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    expect(circles(graph)).toEqual([]);
  });

  it("find a circle made of type-only imports (the check itself)", () => {
    const graph = new Map([
      ["lib/a.ts", ["lib/b.ts"]],
      ["lib/b.ts", ["lib/a.ts"]],
      ["lib/c.ts", ["lib/a.ts"]],
    ]);
    expect(circles(graph)).toEqual([["lib/a.ts", "lib/b.ts"]]);
  });
});
