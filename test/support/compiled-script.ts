/**
 * A TypeScript script a test runs as a child process (a job worker it kills), compiled once per test
 * process into one JavaScript module with the sources it imports, as scripts/build-tests.mjs compiles
 * the test files. Why: a child started through tsx's loader spent about 3 s of processor time before
 * it was ready, one from the compiled module about 0.5 s (measured on the 2-core development
 * machine); the compile itself costs about 0.25 s, once for all the children of a test file.
 *
 *   const script = await compiledScript('test/fakes/worker-process.ts');
 *   spawn(process.execPath, [script, ...args]);
 *
 * The module is written under .test-build/, inside the project, so the packages left out of it are
 * found in node_modules; it is named after this process (`run-<pid>`), which build-tests.mjs leaves
 * alone while the process lives, and removed when the process exits.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMONJS_GLOBALS, EXTERNAL } from '../../scripts/build-server.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = path.join(ROOT, '.test-build', `run-${process.pid}`);

const compiled = new Map<string, Promise<string>>();

/** The compiled module of `file` (a path from the project's root), built on the first call. */
export function compiledScript(file: string): Promise<string> {
  let module = compiled.get(file);
  if (!module) {
    if (compiled.size === 0) process.once('exit', () => fs.rmSync(OUT, { recursive: true, force: true }));
    module = compile(file);
    compiled.set(file, module);
  }
  return module;
}

async function compile(file: string): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = path.join(OUT, file.replace(/\.ts$/, '.mjs'));
  await build({
    absWorkingDir: ROOT,
    entryPoints: [file],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: COMMONJS_GLOBALS },
    logLevel: 'warning',
  });
  return outfile;
}
