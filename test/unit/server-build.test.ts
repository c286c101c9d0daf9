/**
 * When `npm start` rebuilds dist/ (scripts/build-server.mjs): a build is stale once any source file,
 * package.json or npm's record of the installed packages is newer than its stamp, or when it was
 * never finished. Checked on a project laid out in a temporary folder, with file times set by hand.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import { isFresh, sources } from '../../scripts/build-server.mjs';

function project() {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-build-'));
  const write = (file: string, at: number) => {
    const full = path.join(base, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, '');
    fs.utimesSync(full, at, at);
    return full;
  };
  return { base, write, stamp: path.join(base, 'dist', '.built') };
}

it('is fresh only while its stamp is newer than every source, package.json and the installed packages', () => {
  const { base, write, stamp } = project();
  // After now: the build script itself is a source, and its own time is when it was last edited.
  const start = Date.now() / 1000 + 60;
  try {
    write('src/main.ts', start);
    write('src/modules/a/a.ts', start);
    write('src/types.d.ts', start + 600);
    write('package.json', start);
    write('node_modules/.package-lock.json', start);
    const files = sources(base);
    assert.ok(files.includes(path.join(base, 'src/modules/a/a.ts')), 'nested sources count');
    assert.ok(!files.includes(path.join(base, 'src/types.d.ts')), 'declaration files do not');
    assert.equal(isFresh(files, stamp), false, 'never built');

    write('dist/.built', start + 60);
    assert.equal(isFresh(sources(base), stamp), true, 'built after every source');

    for (const changed of ['src/modules/a/a.ts', 'package.json', 'node_modules/.package-lock.json']) {
      write(changed, start + 120);
      assert.equal(isFresh(sources(base), stamp), false, `${changed} changed after the build`);
      write(changed, start);
    }
    write('src/new-module.ts', start + 120);
    assert.equal(isFresh(sources(base), stamp), false, 'a new source file');
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
});
