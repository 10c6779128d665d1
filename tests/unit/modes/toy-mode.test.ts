import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A new mode is its folder under lib/ and under components/modes/, and one line in each registry: this test proves it
// with a toy mode, the word count (tests/support/toy-mode: lib/word-count, components/modes/word-count), two stages,
// one event of its own and one results panel. The registries (lib/modes.ts, components/modes/index.ts and events.ts)
// are replaced by themselves plus the word count's one line (tests/support/toy-mode/modes.ts, presentations.ts); no
// other file knows the word count, yet it runs from the API to the rendered page, the history and the home page.

const session = vi.hoisted(() => ({ id: "toy-session-aaaaaaaaaaaaaaaaaaa" }));
vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (name === "critica_session" ? { value: session.id } : undefined),
    set: () => undefined,
  }),
}));
vi.mock("next/server", () => ({ connection: async () => undefined }));
vi.mock("next/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => undefined, push: () => undefined }),
}));
vi.mock("@/lib/modes", async (importOriginal) =>
  (await import("@/tests/support/toy-mode/modes")).withWordCount(await importOriginal()),
);
vi.mock("@/components/modes", async (importOriginal) =>
  (await import("@/tests/support/toy-mode/presentations")).withWordCount(await importOriginal()),
);
vi.mock("@/components/modes/events", async (importOriginal) =>
  (await import("@/tests/support/toy-mode/presentations")).withWordCountTimeline(await importOriginal()),
);

const { POST } = await import("@/app/api/modes/[mode]/route");
const runById = await import("@/app/api/runs/[id]/route");
const { getRun, listRunEvents } = await import("@/lib/db/runs");
const { toRunSnapshot } = await import("@/lib/runs/snapshot");
const { RunView } = await import("@/components/run/run-view");
const HistoryPage = (await import("@/app/reports/page")).default;
const HomePage = (await import("@/app/page")).default;
const { startRunAction } = await import("@/app/_server/start-actions");
const { useTempDatabase } = await import("@/tests/support/temp-database");

const TEXT = "Lithium salts cause polyuria in rats";

/** The run's row once it has ended. */
async function ended(runId: string) {
  await expect.poll(async () => (await getRun(runId))?.status, { timeout: 20_000, interval: 100 }).toBe("completed");
  return (await getRun(runId))!;
}

/** Text of rendered HTML: tags dropped, entities of quotes decoded, whitespace collapsed. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();
}

describe("a toy mode added by its own folders and one line in each registry", () => {
  let cleanup: () => void;
  let runId: string;
  const sources = process.env.CRITICA_SOURCES;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("toy-mode"));
    process.env.CRITICA_SOURCES = "local";
  });
  afterAll(() => {
    if (sources === undefined) delete process.env.CRITICA_SOURCES;
    else process.env.CRITICA_SOURCES = sources;
    cleanup();
  });

  it("starts from the API by its name, refusing bad input with its own schema's message", async () => {
    const params = { params: Promise.resolve({ mode: "word-count" }) };
    const bad = await POST(
      new Request("http://critica.test/api/modes/word-count", { method: "POST", body: '{"text":" "}' }),
      params,
    );
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { error: "text: Please enter a text.", issues: [{ path: ["text"], message: "Please enter a text." }] },
    ]);
    const res = await POST(
      new Request("http://critica.test/api/modes/word-count", { method: "POST", body: JSON.stringify({ text: TEXT }) }),
      params,
    );
    expect(res.status).toBe(202);
    ({ runId } = await res.json());
    const run = await ended(runId);
    expect([run.mode, run.question, run.ownerId, run.sources]).toEqual(["word-count", TEXT, session.id, ["local"]]);
  });

  it("runs its two stages and saves its one event, read back as its JSON by GET /api/runs/<id>", async () => {
    const events = await listRunEvents(runId);
    expect(events.map((e) => e.type)).toEqual(["run-started", "mode-event", "run-finished"]);
    expect(events[1].data).toEqual({ kind: "words-counted", data: { words: 6, longest: "polyuria" } });
    const res = await runById.GET(new Request(`http://critica.test/api/runs/${runId}`), {
      params: Promise.resolve({ id: runId }),
    });
    expect(await res.json()).toEqual({ runId, status: "completed", text: TEXT, words: 6, longest: "polyuria" });
  });

  it("renders its run page: its results panel, its timeline entry and its progress line", async () => {
    const run = (await getRun(runId))!;
    const html = renderToStaticMarkup(
      createElement(RunView, { snapshot: toRunSnapshot(run, await listRunEvents(runId)), live: false }),
    );
    expect(text(html)).toContain("Word count 6 words; the longest is “polyuria”.");
    expect(html).toContain(
      '<ol data-testid="timeline" class="space-y-2" aria-label="Research timeline"><li ' +
        'data-testid="words-counted-event">Counted 6 words</li></ol>',
    );
    expect(html).toMatch(/data-testid="run-progress">6 words counted</);
    expect(html).toMatch(/data-testid="run-status"[^>]*>completed</);
  });

  it("is offered on the home page, and its form starts a run", async () => {
    const html = renderToStaticMarkup(await HomePage());
    const radios = [...html.matchAll(/<input type="radio"[^>]*value="([^"]+)"[^>]*\/>([^<]+)</g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(radios).toEqual([
      ["research", "Research a question"],
      ["claim", "Check a claim"],
      ["words", "Count words"],
    ]);
    expect(html).toMatch(/<div hidden="" data-testid="words-panel">.*data-testid="word-count-form"/);
    const form = new FormData();
    form.set("text", "Amiloride blocks ENaC");
    const redirected = await startRunAction("word-count", { values: {}, sources: null, error: null }, form).catch(
      (error: { digest?: string }) => error.digest ?? "",
    );
    const [, started] = /;\/reports\/([0-9a-f-]{36});/.exec(String(redirected)) ?? [];
    expect((await ended(started)).question).toBe("Amiloride blocks ENaC");
  });

  it("lists its runs in the history with its badge and its verdict", async () => {
    const html = renderToStaticMarkup(await HistoryPage({ searchParams: Promise.resolve({}) } as never));
    const rows = [...html.matchAll(/<li data-testid="run-list-item".*?<\/li>/g)].map((m) => text(m[0]));
    expect(rows.map((r) => r.replace(/ \d{4}-\d\d-\d\d \d\d:\d\d UTC/, "").split(" Re-run")[0])).toEqual([
      "Amiloride blocks ENaC completed word count 3 words",
      "Lithium salts cause polyuria in rats completed word count 6 words",
    ]);
    expect(html).toContain('<option value="word-count">word count</option>');
  });
});
