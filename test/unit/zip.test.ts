import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { zipArchive } from '../../src/lib/zip.js';
import { readZip } from '../support/zip-reader.js';

const entries = [
  { name: 'customer.json', data: Buffer.from(JSON.stringify({ name: 'Ana Ção', notes: 'x'.repeat(5000) })) },
  { name: 'files/empty.txt', data: Buffer.alloc(0) },
  { name: 'files/noise.bin', data: randomBytes(4096) },
];

test('zipArchive round-trips deflated, stored and empty entries with UTF-8 names', () => {
  const archive = zipArchive([...entries, { name: 'ção/ü.txt', data: Buffer.from('olá') }], new Date('2026-03-04T05:06:08Z'));
  const files = readZip(archive);
  assert.deepEqual([...files.keys()], ['customer.json', 'files/empty.txt', 'files/noise.bin', 'ção/ü.txt']);
  for (const entry of entries) assert.ok(files.get(entry.name)!.equals(entry.data), entry.name);
  assert.equal(files.get('ção/ü.txt')!.toString(), 'olá');
  // compressible text deflated (method 8), random bytes stored (method 0)
  assert.equal(archive.readUInt16LE(8), 8);
  assert.ok(archive.length < 5000 + 4096);
  assert.deepEqual(readZip(zipArchive([])), new Map());
});

test('zipArchive refuses names that would escape the folder', () => {
  for (const name of ['', '/abs', '../up', 'a/../b', 'a\\b', 'a//b']) {
    assert.throws(() => zipArchive([{ name, data: Buffer.from('x') }]), /invalid ZIP entry name/, name);
  }
});

test('an archive zipArchive writes passes the system unzip tool (when installed)', (t) => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
  } catch {
    return t.skip('unzip is not installed');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-test-'));
  try {
    const file = path.join(dir, 'a.zip');
    fs.writeFileSync(file, zipArchive(entries));
    assert.match(execFileSync('unzip', ['-t', file], { encoding: 'utf8' }), /No errors detected/);
    assert.ok(execFileSync('unzip', ['-p', file, 'files/noise.bin']).equals(entries[2]!.data));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
