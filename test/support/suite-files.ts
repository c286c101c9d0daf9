/**
 * Which test file declared a suite, for the suites declared through a helper (describeEachDatabase
 * and the like), whose file node:test gives as the helper's. `npm test` sets TEST_SUITE_FILES to a
 * file in the run's folder; each test process appends a `name<TAB>file` line per suite there, and
 * the durations reporter (scripts/test-durations.mjs) reads them to time each test file, which
 * scripts/run-tests.mjs uses to balance its processes. Outside `npm test` it does nothing.
 */
import fs from 'node:fs';
import { testFileOf } from '../../scripts/test-groups.mjs';

export function recordSuiteFile(names: string[]): void {
  const out = process.env.TEST_SUITE_FILES;
  if (!out) return;
  // The first test file on the stack: the one that called the helper.
  const file = testFileOf(new Error().stack ?? '');
  if (file) fs.appendFileSync(out, names.map((name) => `${name}\t${file}\n`).join(''));
}
