/**
 * The compiled service runs from V8's code cache (scripts/load-server.mjs): a process writes the
 * cache when it ends, the next one with the same build and flags uses it, a rebuild or other flags
 * get a cache of their own, and with source maps on the file is loaded by `require`. Each case runs
 * in a process of its own, on a small CommonJS file in a temporary folder.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild } from '../../scripts/build-server.mjs';

const LOADER = pathToFileURL(path.resolve('scripts/load-server.mjs')).href;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-load-server-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const bundle = path.join(dir, 'main.cjs');

/** Loads the bundle in a new process: what the loader answered, then what the bundle printed. */
function load(flags: string[] = []): { cache: string; printed: string } {
  const script = `import(${JSON.stringify(LOADER)}).then(({ loadServer }) => console.log(loadServer(${JSON.stringify(bundle)})));`;
  const child = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  const [printed = '', cache = ''] = child.stdout.trim().split('\n');
  return { cache, printed };
}
const caches = () => fs.readdirSync(dir).filter((name) => name.endsWith('.cache'));

it('writes the cache when the process ends, uses it next time, and keeps one per build and per flags', () => {
  fs.writeFileSync(
    bundle,
    "const path = require('node:path');\nconsole.log([this === module.exports ? 'object' : 'this?', path.basename(__filename), path.basename(__dirname) === path.basename(path.dirname(__filename)) ? 'dir' : '?'].join(' '));\n",
  );
  // The bundle sees CommonJS's names, as under Node's own loader.
  assert.deepEqual(load(), { cache: 'written', printed: 'object main.cjs dir' });
  assert.equal(caches().length, 1, 'written at exit');
  assert.equal(load().cache, 'used');

  // Other flags: V8 would refuse the first cache, so they get their own.
  assert.equal(load(['--max-semi-space-size=4']).cache, 'written');
  assert.equal(load(['--max-semi-space-size=4']).cache, 'used');
  assert.equal(caches().length, 2);

  // A rebuild of the same length: V8 checks a cache only by its script's length, so the name must change.
  const rebuilt = fs.readFileSync(bundle, 'utf8').replace("'dir'", "'DIR'");
  fs.writeFileSync(bundle, rebuilt);
  fs.utimesSync(bundle, new Date(), new Date(Date.now() + 5000));
  assert.deepEqual(load(), { cache: 'written', printed: 'object main.cjs DIR' });
  assert.equal(load().cache, 'used');
});

it('builds the service as a strict-mode script (a frozen object written to must throw)', async () => {
  const built = await ensureServerBuild();
  assert.match(fs.readFileSync(built, 'utf8').slice(0, 40), /^"use strict";\n/);
});

it('loads the file through require when source maps are on', () => {
  fs.writeFileSync(bundle, "console.log('ran');\n");
  assert.deepEqual(load(['--enable-source-maps']), { cache: 'off', printed: 'ran' });
});
