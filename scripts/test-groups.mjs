// How `npm test` shares the test files out among its processes (scripts/run-tests.mjs), and where
// each file's recorded time comes from (test/durations.json, written by `TEST_RECORD_DURATIONS=1
// npm test`).
import fs from 'node:fs';

/**
 * A test file's source path (`test/…/x.test.ts`) from a stack, its path, or its bundle's path: the
 * first such path on it, from its last `/test/` (a project checked out under a `test` folder).
 */
export function testFileOf(text) {
  const path = /[^\s()]*\/test\/[^\s:()]+\.test\.(?:mjs|ts)\b/.exec(text)?.[0];
  if (!path) return undefined;
  const fromTest = path.slice(path.lastIndexOf('/test/') + 1);
  return fromTest.replace(/\.mjs$/, '.ts');
}

/** The recorded seconds of each test file, `{}` when there is no record (or it cannot be read). */
export function readDurations(file) {
  try {
    const recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
    return recorded && typeof recorded === 'object' ? recorded : {};
  } catch {
    return {};
  }
}

/** Counted for every file beside its suites' time: loading it and its module-level work (below). */
const FILE_LOAD_SECONDS = 0.5;

/**
 * The process of each file (an index per file, in the order of `files`), for `processCount`
 * processes run `concurrency` at a time in index order.
 *
 * The longest files are placed first, each with the process least loaded for its share (the
 * greedy "longest first" rule), so the processes take about as long as each other. The last
 * `concurrency` processes, which start when the run is nearly over, get half the share of the
 * others: the run then ends with several short processes rather than one long one working alone.
 * Measured on 2026-11-29 (16 processes, four at a time): with files dealt out in turn, the run ended
 * with one process running alone for 42 s; half shares alone moved the end onto a process holding
 * three real-process crash tests, alone for 57 s. Hence the recorded times: a file weighs its time,
 * not one file's count (docs/testing.md).
 *
 * A file without a recorded time counts as the median file, and every file counts half a second
 * more than its suites' time: loading it and its module-level work are not in its suites (37 files
 * were recorded at 0–0.1 s, and all went to the last process). Ties keep the files' order, so
 * without any record the files are dealt out in turn and each process holds a mix of folders.
 */
export function assignProcesses(files, durations, processCount, concurrency) {
  const recorded = (file) => (Number.isFinite(durations[file]) && durations[file] >= 0 ? durations[file] : undefined);
  const known = files
    .map(recorded)
    .filter((seconds) => seconds !== undefined)
    .sort((a, b) => a - b);
  const fallback = known.length > 0 ? known[Math.floor(known.length / 2)] : 1;
  const weight = (file) => FILE_LOAD_SECONDS + (recorded(file) ?? fallback);
  const halfShares = processCount > concurrency ? concurrency : 0;
  const share = (p) => (p < processCount - halfShares ? 2 : 1);
  const load = new Array(processCount).fill(0);
  const count = new Array(processCount).fill(0);
  const assigned = new Array(files.length);
  const longestFirst = files
    .map((file, index) => ({ index, seconds: weight(file) }))
    .sort((a, b) => b.seconds - a.seconds || a.index - b.index);
  for (const { index, seconds } of longestFirst) {
    let best = 0;
    for (let p = 1; p < processCount; p++) {
      const [mine, theirs] = [(load[p] + seconds) / share(p), (load[best] + seconds) / share(best)];
      const tie = Math.abs(mine - theirs) < 1e-9;
      if ((!tie && mine < theirs) || (tie && count[p] / share(p) < count[best] / share(best))) best = p;
    }
    assigned[index] = best;
    load[best] += seconds;
    count[best] += 1;
  }
  return assigned;
}
