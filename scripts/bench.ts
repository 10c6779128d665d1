// `npm run bench [-- --json] [-- --no-server]`: performance measured in one run (no timed assertions anywhere).
// Human lines go to stdout; with --json they go to stderr and stdout carries one JSON object (docs/benchmarks.md).
// --no-server skips the figures measured on the production server (firstEvent, history), which need `npm run build`.
// `npm run bench -- library [--records N] [--db sqlite|postgres|both] [--json]`: the local library at scale
// (bench/library, docs/library.md); not part of the default bench.
import { disconnectDb } from "@/lib/db/client";
import { runBench } from "@/bench/run";
import { runLibraryBenchCli } from "@/bench/library/cli";

async function main() {
  const json = process.argv.includes("--json");
  const log = (line: string) => (json ? console.error(line) : console.log(line));
  if (process.argv.includes("library")) return runLibraryBenchCli(process.argv, log, json);
  try {
    const result = await runBench({ log, withServer: !process.argv.includes("--no-server") });
    if (json) console.log(JSON.stringify(result, null, 2));
    else log(`\nfigures: ${JSON.stringify(result)}`);
  } finally {
    await disconnectDb();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
