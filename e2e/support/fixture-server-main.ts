// Runs the loopback fixture server (tests/support/fixture-server.ts) standalone for the browser tests:
// `tsx e2e/support/fixture-server-main.ts <port> [delayMs]`. It replays the recorded PubMed, Europe PMC and
// ClinicalTrials.gov responses from ../shared/fixtures, each reply delayed by delayMs.
import { startFixtureServer } from "@/tests/support/fixture-server";

const port = Number(process.argv[2] ?? 4011);
const delayMs = Number(process.argv[3] ?? 0);
startFixtureServer({ port, delayMs }).then((server) =>
  console.log(`fixture server at ${server.origin}, delay ${delayMs} ms`),
);
