// A test reporter that records each top-level suite's time and, when the run ends, prints the
// total and the slowest suites: the suite's time is recorded on every run, and where it goes is
// visible. (Node 20 names the file where a test was declared, which for suites declared through
// test/support helpers is the helper, so suites are grouped by name, which carries the dialect.)
// It then repeats every failed test with its suite path and error, last: CI keeps only the tail
// of a long run's output, and a failure must be readable there.
// With TEST_DURATIONS_OUT set (run-tests.mjs sets it), it also writes each test file's time there,
// as JSON: the suites declared through a helper are given their file by the lines the test
// processes wrote to TEST_SUITE_FILES (test/support/suite-files.ts).
// Used by run-tests.mjs beside the default reporter.
import fs from 'node:fs';
import { testFileOf } from './test-groups.mjs';

const SHOWN = 15;
const ERROR_LINES = 12;

export default async function* durations(source) {
  const bySuite = new Map();
  const suiteFiles = new Map();
  const openNames = [];
  const failures = [];
  for await (const event of source) {
    if (event.type === 'test:start') openNames[event.data.nesting] = event.data.name;
    if (event.type === 'test:fail') {
      const error = event.data.details?.error;
      // A suite fails because a test inside it did: that test is listed, not the suite again.
      if (error?.failureType !== 'subtestsFailed') {
        const suitePath = [...openNames.slice(0, event.data.nesting), event.data.name].join(' › ');
        failures.push({ suitePath, file: event.data.file, error });
      }
    }
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || event.data.nesting !== 0) continue;
    const name = event.data.name;
    bySuite.set(name, (bySuite.get(name) ?? 0) + (event.data.details?.duration_ms ?? 0));
    if (event.data.file) suiteFiles.set(name, event.data.file);
  }
  if (process.env.TEST_DURATIONS_OUT) writeFileDurations(bySuite, suiteFiles, process.env.TEST_DURATIONS_OUT);
  const slowest = [...bySuite].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  const total = [...bySuite.values()].reduce((sum, ms) => sum + ms, 0);
  yield `\n# time in top-level suites: ${(total / 1000).toFixed(1)} s over ${bySuite.size} suites; the slowest ${slowest.length}:\n`;
  for (const [name, ms] of slowest) yield `#   ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}\n`;
  if (failures.length === 0) return;
  yield `\n# ${failures.length} failed:\n`;
  for (const { suitePath, file, error } of failures) {
    yield `#   ✖ ${suitePath}${file ? `  (${file})` : ''}\n`;
    for (const line of describe(error).split('\n').slice(0, ERROR_LINES)) yield `#       ${line}\n`;
  }
}

/** Each test file's seconds (its suites' sum), keyed by its source path: `{ "test/…/x.test.ts": 12.3 }`. */
function writeFileDurations(bySuite, suiteFiles, out) {
  const declaredBy = new Map();
  try {
    for (const line of fs.readFileSync(process.env.TEST_SUITE_FILES ?? '', 'utf8').split('\n')) {
      const [name, file] = line.split('\t');
      if (!file) continue;
      // Two files declaring one suite name share one time, given to one of them: say so.
      const other = declaredBy.get(name);
      if (other && other !== file) console.error(`# the suite name "${name}" is declared in ${other} and ${file}: their times are merged`);
      declaredBy.set(name, file);
    }
  } catch {
    // No suite declared through a helper recorded its file.
  }
  const byFile = {};
  for (const [name, ms] of bySuite) {
    const file = declaredBy.get(name) ?? testFileOf(suiteFiles.get(name) ?? '');
    if (file) byFile[file] = (byFile[file] ?? 0) + ms / 1000;
  }
  fs.writeFileSync(out, JSON.stringify(byFile));
}

function describe(error) {
  const cause = error?.cause ?? error;
  // An error from the test's process arrives here rebuilt, not always as an Error.
  if (cause && typeof cause === 'object' && 'message' in cause) {
    const head = `${cause.name ?? 'Error'}${cause.code ? ` [${cause.code}]` : ''}: ${cause.message}`;
    return cause.stack?.includes(cause.message) ? cause.stack : `${head}\n${cause.stack ?? ''}`;
  }
  return String(cause);
}
