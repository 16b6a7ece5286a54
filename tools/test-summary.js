#!/usr/bin/env node
// The closing line of `make test`, the one CI reads: `N passed, N failed, N skipped`
// from jest's --json results (`node tools/test-summary.js .work/jest-results.json`).
// Skipped tests are counted so a suite that skipped itself shows in the line
// (tests/required-tools.ts: never under CI). A file that failed to run at all
// (an error when it loaded, as a refused XADS_UPDATE_GOLDEN under CI) has no
// failed test in jest's count: each such file counts as one failure here, so
// the line never says `0 failed` of a red run.
// Plain JavaScript: the Makefile runs it without a build.
"use strict";
const { readFileSync } = require("node:fs");

function summary(r) {
  const failed = r.numFailedTests + (r.numRuntimeErrorTestSuites || 0);
  const skipped = (r.numPendingTests || 0) + (r.numTodoTests || 0);
  return `${r.numPassedTests} passed, ${failed} failed, ${skipped} skipped`;
}

module.exports = { summary };

if (require.main === module) {
  console.log(summary(JSON.parse(readFileSync(process.argv[2], "utf8"))));
}
