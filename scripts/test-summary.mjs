// Prints the closing lines of the test suite from vitest's and Playwright's JSON reports: the name of each failed
// test (so a CI log's tail says which), then "N passed, M failed".
import fs from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function playwrightFailures(suite, file) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      if (test.status === "unexpected" || test.status === "flaky")
        failures.push(`${test.status === "flaky" ? "flaky" : "failed"}: ${file} › ${spec.title}`);
  for (const child of suite.suites ?? []) playwrightFailures(child, suite.file ?? file);
}

for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.log(`missing report: ${file}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  if ("numPassedTests" in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      const failedTests = (result.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const t of failedTests) failures.push(`failed: ${result.name} › ${t.fullName}`);
      if (result.status === "failed" && failedTests.length === 0)
        failures.push(`failed: ${result.name}: ${(result.message ?? "").split("\n")[0]}`);
    }
  } else if (report.stats) {
    passed += report.stats.expected;
    failed += report.stats.unexpected + report.stats.flaky;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightFailures(suite, suite.file);
  }
}
for (const line of failures) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
