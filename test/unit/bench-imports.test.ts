/**
 * The benchmark measures the service in its own process, so that process must not load what
 * changes how fast the service runs: node:test (its harness installs an async hook that follows
 * every async resource of the process: a send load ran at about half its rate once the console
 * scenario's module brought the test harness in), nor playwright-core at start-up (loaded by the
 * console scenario when it runs). Checked on the bench's whole static import graph.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';

it('the benchmark never loads node:test, and loads playwright-core only when a scenario needs it', async () => {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: ['bench/run.ts', 'bench/profile.ts'],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: 'unused',
    logLevel: 'silent',
  });
  const offending: string[] = [];
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    for (const imported of input.imports) {
      if (imported.path === 'node:test' || (imported.path === 'playwright-core' && imported.kind !== 'dynamic-import'))
        offending.push(`${file} imports ${imported.path}`);
    }
  }
  assert.deepEqual(offending, []);
  assert.ok(
    Object.keys(result.metafile.inputs).some((file) => file.startsWith('bench/scenarios/console.ts')),
    'the graph was walked',
  );
});
