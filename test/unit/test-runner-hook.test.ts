/**
 * scripts/test-resource-hook.mjs replaces node:test's resource hook in every test process: failures
 * must still be blamed on their test at once, and suites must still find their tests. The same
 * scenarios (test/fixtures/test-runner-hook/scenarios.mjs) run under the runner's own hook and under
 * ours, and must report the same tests with the same errors.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { it } from 'node:test';

const SCENARIOS = path.resolve('test/fixtures/test-runner-hook/scenarios.mjs');
const HOOK = path.resolve('scripts/test-resource-hook.mjs');

/** The scenarios' TAP lines that say what passed, what failed and why. */
function runScenarios(extraArgs: string[]): Promise<string[]> {
  const args = [...extraArgs, '--test', '--test-timeout=20000', '--test-reporter=tap', SCENARIOS];
  // Without the variable that tells a process it runs under a runner (its output is then not TAP).
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, args, { env, timeout: 60_000 }, (_err, stdout) =>
      resolve(stdout.split('\n').filter((line) => /^\s*(not )?ok \d|^\s*error:|^# Error:/.test(line))),
    );
  });
}

it('blames every error on its test and finds every suite, as the runner does', async () => {
  const [runners, ours] = await Promise.all([runScenarios([]), runScenarios([`--import=${HOOK}`])]);
  assert.ok(
    runners.some((line) => line.includes("'boom in a timer'")),
    runners.join('\n'),
  );
  assert.ok(runners.some((line) => line.includes('is active: false')));
  assert.ok(
    ours.some((line) => line.includes('is active: true')),
    'the replacement hook ran',
  );
  assert.ok(
    runners.some((line) => line.includes('boom after the end')),
    'an error after its test is reported',
  );
  const sameButActive = (lines: string[]) => lines.map((line) => line.replace('is active: true', 'is active: false'));
  assert.deepEqual(sameButActive(ours), runners);
});
