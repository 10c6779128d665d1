import { z } from "zod";
import { ITERATION_BOUNDS } from "@/lib/domain/run-input";

/** Default SQLite database, relative to the working directory (the project root). */
export const DEFAULT_DATABASE_URL = "file:./data/critica.db";

// ── Language-model path (lib/ai/agent.ts, lib/ai/providers.ts) ──
const temperature = z.coerce.number().min(0).max(2).optional();
const outputTokens = z.coerce.number().int().min(64).max(100_000).optional();
const languageModelEnv = {
  /**
   * Sampling temperature per research agent (read by lib/ai/agent configuredSampling; defaults in
   * lib/research/agents/llm/sampling.ts: 0.3, 0, 0.3, 0).
   */
  CRITICA_TEMPERATURE_HYPOTHESIS: temperature,
  CRITICA_TEMPERATURE_JUDGE: temperature,
  CRITICA_TEMPERATURE_REPORT: temperature,
  CRITICA_TEMPERATURE_CRITIC: temperature,
  /** Most output tokens per answer of each research agent (defaults 2,000, 1,000, 4,000, 2,500). */
  CRITICA_MAX_OUTPUT_TOKENS_HYPOTHESIS: outputTokens,
  CRITICA_MAX_OUTPUT_TOKENS_JUDGE: outputTokens,
  CRITICA_MAX_OUTPUT_TOKENS_REPORT: outputTokens,
  CRITICA_MAX_OUTPUT_TOKENS_CRITIC: outputTokens,
  /**
   * Structured output on an OpenAI-compatible server (OPENAI_BASE_URL not OpenAI's): "json_schema" (default;
   * constrained decoding) or "json_object" (for servers without json_schema: the schema goes into the prompt).
   */
  OPENAI_STRUCTURED_OUTPUT: z.enum(["json_schema", "json_object"]).optional(),
  /**
   * The model's HTTP traffic through a cassette (lib/ai/cassette.ts): "record" stores every request and response,
   * "replay" serves them with no server and no key (a request not recorded fails, named), "off" (default) neither.
   */
  CRITICA_LLM_CASSETTE: z.enum(["off", "record", "replay"]).default("off"),
  /** The cassette file (JSON), relative to the working directory. */
  CRITICA_LLM_CASSETTE_PATH: z.string().min(1).default("data/cassettes/llm.json"),
};
// ── end of the language-model block ──

// ── Accounts and access control (lib/auth) ──
const perUserLimit = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);
const authEnv = {
  /** "on" (default): accounts, sessions and API keys guard every page and API route; "off": single-user, as before. */
  CRITICA_AUTH: z.enum(["on", "off"]).default("on"),
  /** "open" (default): anyone may create an account; "closed": only the first account (the admin) can be created. */
  CRITICA_SIGNUP: z.enum(["open", "closed"]).default("open"),
  /** Secret that signs session cookies (≥ 32 characters); unset means one generated once into data/auth-secret. */
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Public origin of the app (e.g. https://critica.example.org), for OAuth callbacks; unset means the request's. */
  BETTER_AUTH_URL: z.string().url().optional(),
  /** OAuth sign-in providers, each offered when both its client id and secret are set. */
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  ORCID_CLIENT_ID: z.string().optional(),
  ORCID_CLIENT_SECRET: z.string().optional(),
  /** ORCID's OpenID discovery document; the sandbox is https://sandbox.orcid.org/.well-known/openid-configuration. */
  ORCID_DISCOVERY_URL: z.string().url().default("https://orcid.org/.well-known/openid-configuration"),
  /** Sign-in and sign-up attempts allowed per minute per client IP address (better-auth's limiter). */
  CRITICA_AUTH_ATTEMPTS_PER_MINUTE: perUserLimit(10),
  /**
   * Failed sign-ins an account may have in an hour from all addresses; past it only clients that signed in to it in
   * the last 30 days may try (lib/auth/limits.ts).
   */
  CRITICA_AUTH_FAILURES_PER_HOUR: perUserLimit(100),
  /** Runs and claim checks a user may start per minute and per day, and may have queued or running at once. */
  CRITICA_RUNS_PER_MINUTE: perUserLimit(10),
  CRITICA_RUNS_PER_DAY: perUserLimit(100),
  CRITICA_MAX_CONCURRENT_RUNS: perUserLimit(3),
  /** The address Next.js's server binds to when `next start` has no -H (read for the CRITICA_AUTH=off warning). */
  HOSTNAME: z.string().optional(),
  /** The port `next start` listens on when it has no -p (the Postgres world's queue worker delivers to it). */
  PORT: z.string().regex(/^\d+$/, "must be a port number").optional(),
  /**
   * The reverse proxies whose X-Forwarded-For / -Proto / -Host the server believes (lib/auth/client-address.ts):
   * comma-separated addresses or CIDR ranges (e.g. "127.0.0.1,10.0.0.0/24"), or a hop count (e.g. "1": the peer
   * and the hops it names before it). Unset (the default): none, so the client address is the connection's peer.
   */
  CRITICA_TRUSTED_PROXIES: z.string().optional(),
  /**
   * Internal hosts that URLs given by users (webhooks) may reach although they are on the server's own network
   * (lib/net/outbound.ts): comma-separated host names, IP addresses or CIDR ranges ("hooks.lab.internal,10.0.0.0/24").
   * Unset (the default): none; only public addresses are called.
   */
  CRITICA_OUTBOUND_ALLOW: z.string().optional(),
  /**
   * Tests only: a fault the server injects (lib/runs/fault.ts), "step-event-lost:<n>". Unset (the default): none.
   */
  CRITICA_FAULT: z.string().optional(),
  /** Where security reports go, in /.well-known/security.txt (RFC 9116): a mailto: or https: URI. */
  CRITICA_SECURITY_CONTACT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https:// URI")
    .optional(),
};
// ── end of the accounts block ──

// ── Watches (living reports; lib/watches, docs/watches.md) ──
// Kept in one block so it merges cleanly with other branches' additions.
const watchEnv = {
  /** Watches a user may have active (not paused) at once; each re-runs its question on its cadence. */
  CRITICA_MAX_ACTIVE_WATCHES: perUserLimit(20),
  /**
   * Tests only: a JSON file `{"offsetMs": n}` whose offset is added to the system time by the watches' clock
   * (lib/watches/clock.ts), so a test advances a week without waiting one; the server re-plans its watches when the
   * file changes. Unset (always, outside tests) means the system time.
   */
  CRITICA_TEST_CLOCK_FILE: z.string().optional(),
};
// ── end of the watches block ──

// ── Full texts (lib/sources/fulltext, lib/library: docs/library.md) ──
// Kept in one block so it merges cleanly with other branches' additions.
const fullTextEnv = {
  /**
   * "on" (default): a research run fetches the open-access full texts of its most relevant records (Europe PMC's
   * fullTextXML, bioRxiv/medRxiv JATS) while its agents read abstracts, and its agents read their passages; "off":
   * abstracts only (full texts already in the library or "My papers" are still read).
   */
  CRITICA_FULL_TEXT: z.enum(["on", "off"]).default("on"),
  /** Records per run whose open-access full text is fetched, most relevant first. Source: our choice (see docs). */
  CRITICA_FULL_TEXT_RECORDS: z.coerce.number().int().min(0).max(250).default(12),
  /** bioRxiv/medRxiv API base URL (tests point it at a loopback server); unset means https://api.biorxiv.org. */
  BIORXIV_BASE_URL: z.string().url().optional(),
  /** Largest article file accepted by library:import and "My papers" uploads, in megabytes. */
  CRITICA_MAX_PAPER_MB: z.coerce.number().min(1).max(100).default(50),
};
// ── end of the full-text block ──

const envSchema = z.object({
  DATABASE_URL: z.string().min(1).default(DEFAULT_DATABASE_URL),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  /** Embedding model for picking diverse evidence (MMR); unset means TF-IDF vectors. */
  OPENAI_EMBEDDING_MODEL: z.string().min(1).optional(),
  /** Prices in USD per million tokens, for the estimated cost of a run; unset means the cost is not estimated. */
  OPENAI_PRICE_INPUT_PER_MTOK: z.coerce.number().min(0).optional(),
  OPENAI_PRICE_OUTPUT_PER_MTOK: z.coerce.number().min(0).optional(),
  OPENAI_EMBEDDING_PRICE_PER_MTOK: z.coerce.number().min(0).optional(),
  /** Time limit of each language-model call in milliseconds (including the SDK's retries). */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(120_000),
  /** The default iteration cap of a research run (the research form preselects it). */
  CRITICA_MAX_ITERATIONS: z.coerce.number().int().min(ITERATION_BOUNDS.min).max(ITERATION_BOUNDS.max).default(3),
  CRITICA_SOURCE_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /**
   * How long a live source's answer is served from the database cache (lib/sources/cache.ts), in hours; 0 turns the
   * cache off. Default 24: literature indexes change daily at most (PubMed's daily update files), so a day-old answer
   * is current. A run can bypass the cache (StartRunOptions.sourceCache = "bypass", CLI --no-cache).
   */
  CRITICA_SOURCE_CACHE_TTL_HOURS: z.coerce.number().min(0).default(24),
  // "workflow" (default): research runs started by the Next.js server are durable Workflow SDK runs; "inline":
  // every run executes in the memory of the process that started it (lib/runs/start.ts). The CLI with no server hosts
  // the engine itself (scripts/workflow-host.ts).
  CRITICA_ENGINE: z.enum(["workflow", "inline"]).default("workflow"),
  /**
   * A running Critica server sharing this DATABASE_URL (e.g. http://localhost:3000): `npm run research` and
   * `npm run check` then enqueue their run there, durably, instead of executing it in their own memory
   * (lib/runs/remote-enqueue.ts).
   */
  CRITICA_SERVER_URL: z.string().url().optional(),
  /**
   * An API key (from /settings/api-keys on the CRITICA_SERVER_URL server) the CLI sends as `Authorization: Bearer`
   * when it enqueues there: needed when that server has accounts on (CRITICA_AUTH=on); the run then belongs to the
   * key's account.
   */
  CRITICA_API_KEY: z.string().min(1).optional(),
  /** Comma-separated default sources of a run ("pubmed,local"); unset means every live source, plus the library. */
  CRITICA_SOURCES: z.string().optional(),
  /** Base URLs of the live sources (tests point them at a loopback server); unset means the public services. */
  PUBMED_BASE_URL: z.string().url().optional(),
  EUROPEPMC_BASE_URL: z.string().url().optional(),
  CTGOV_BASE_URL: z.string().url().optional(),
  /** NCBI E-utilities API key and contact e-mail (raise PubMed's rate limit from 3 to 10 requests a second). */
  NCBI_API_KEY: z.string().optional(),
  NCBI_EMAIL: z.string().optional(),
  ...languageModelEnv,
  ...authEnv,
  ...watchEnv,
  ...fullTextEnv,
});

/** Validated environment settings. */
export type AppConfig = z.infer<typeof envSchema>;

/**
 * Reads and validates the environment now (call sites read it per use, so tests can change process.env).
 * Empty strings count as unset.
 * @throws Error naming the offending variable when a value is invalid (e.g. OPENAI_BASE_URL is not a URL).
 */
export function getConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment variable ${issue.path.join(".")}: ${issue.message}`);
  }
  return parsed.data;
}

/** True when DATABASE_URL points at Postgres rather than a SQLite file. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}
