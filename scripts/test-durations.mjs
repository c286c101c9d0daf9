// A test reporter that records each top-level suite's time and, when the run ends, prints the
// total and the slowest suites: the suite's time is recorded on every run, and where it goes is
// visible. (Node 20 names the file where a test was declared, which for suites declared through
// test/support helpers is the helper, so suites are grouped by name, which carries the dialect.)
// Used by run-tests.mjs beside the default reporter.

const SHOWN = 15;

export default async function* durations(source) {
  const bySuite = new Map();
  for await (const event of source) {
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || event.data.nesting !== 0) continue;
    const name = event.data.name;
    bySuite.set(name, (bySuite.get(name) ?? 0) + (event.data.details?.duration_ms ?? 0));
  }
  const slowest = [...bySuite].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  const total = [...bySuite.values()].reduce((sum, ms) => sum + ms, 0);
  yield `\n# time in top-level suites: ${(total / 1000).toFixed(1)} s over ${bySuite.size} suites; the slowest ${slowest.length}:\n`;
  for (const [name, ms] of slowest) yield `#   ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}\n`;
}
