// Adds up the Vitest JSON reports into the one closing line CI reads: "Tests: N passed, N failed",
// preceded by the name of each failed test, so the end of a CI log says what to look at.
import { readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      const reason = firstLines(test.failureMessages?.[0] ?? "");
      console.log(`FAILED ${file.split("/").pop()} ${suite.name} › ${test.fullName}: ${reason}`);
    }
    if (suite.status === "failed" && (suite.assertionResults ?? []).length === 0) {
      console.log(`FAILED ${file.split("/").pop()} ${suite.name}: ${(suite.message ?? "").slice(0, 300)}`);
    }
  }
}
/**
 * The message and the diff before the stack, on one line: an assertion's first line alone ("expected
 * [ Array(1) ] to deeply equal []") left a failed CI run without the error it was about.
 */
function firstLines(message) {
  const lines = message.split("\n").map((line) => line.trim());
  const stack = lines.findIndex((line) => line.startsWith("at "));
  return (stack === -1 ? lines : lines.slice(0, stack)).filter(Boolean).join(" / ").slice(0, 1200);
}

console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
