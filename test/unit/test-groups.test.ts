/**
 * How `npm test` shares its files out among processes (scripts/test-groups.mjs): by recorded time,
 * longest first, the last processes with half a share; and how a suite's file is found again.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assignProcesses, testFileOf } from '../../scripts/test-groups.mjs';

/** The recorded seconds each process was given. */
function loads(files: string[], durations: Record<string, number>, processes: number[]): number[] {
  const load = new Array<number>(Math.max(...processes) + 1).fill(0);
  files.forEach((file, i) => (load[processes[i]!]! += durations[file]!));
  return load;
}

describe('sharing test files out among processes', () => {
  it('places the longest files first, so that the full-share processes take about as long as each other', () => {
    // The long files come last by name: placed in name order, the 20 s one would land in a late process.
    const durations: Record<string, number> = { 'test/z-a.test.ts': 20, 'test/z-b.test.ts': 16, 'test/z-c.test.ts': 10 };
    for (let i = 0; i < 29; i++) durations[`test/small-${String(i).padStart(2, '0')}.test.ts`] = 2;
    const files = Object.keys(durations).sort();
    const processes = assignProcesses(files, durations, 6, 2);
    const load = loads(files, durations, processes);
    const full = load.slice(0, 4);
    assert.ok(Math.max(...full) - Math.min(...full) <= 2, `full shares even: ${load.join(', ')}`);
    // The last two processes (started last) carry about half of a full share.
    for (const half of load.slice(4)) assert.ok(Math.abs(half - Math.min(...full) / 2) <= 2, `half shares: ${load.join(', ')}`);
    // Never the 20 s file in a process started last.
    assert.ok(processes[files.indexOf('test/z-a.test.ts')]! < 4);
  });

  it('counts the loading of each file, so that files recorded at no time spread out as the others do', () => {
    const durations: Record<string, number> = {};
    [7, 3, 5, 11, 2, 13, 4, 6, 9, 1].forEach((seconds, i) => (durations[`test/a-${i}.test.ts`] = seconds));
    for (let i = 0; i < 16; i++) durations[`test/b-${String(i).padStart(2, '0')}.test.ts`] = 0;
    const files = Object.keys(durations).sort();
    const processes = assignProcesses(files, durations, 6, 2);
    const counts = [0, 1, 2, 3, 4, 5].map((p) => processes.filter((q) => q === p).length);
    // Counted as nothing, all sixteen went to the process least loaded at the end (17 files in all).
    assert.ok(Math.max(...counts) <= 7, `files per process: ${counts.join(', ')}`);
  });

  it('without a record, deals the files out in turn, a full share twice and the last processes once', () => {
    const files = Array.from({ length: 14 }, (_, i) => `test/f${String(i).padStart(2, '0')}.test.ts`);
    assert.deepEqual(assignProcesses(files, {}, 4, 2), [0, 1, 2, 3, 0, 1, 0, 1, 2, 3, 0, 1, 0, 1]);
  });

  it('counts a file without a recorded time as the median file', () => {
    const durations = { 'test/a.test.ts': 4, 'test/b.test.ts': 6, 'test/c.test.ts': 10 };
    const files = ['test/a.test.ts', 'test/b.test.ts', 'test/c.test.ts', 'test/new.test.ts'];
    // The new file weighs 6 (the median): it goes with the 6 s file, and the 4 s one with the 10 s one.
    // Counted as nothing (or 1 s), it would have gone with the 10 s file.
    const [a, b, c, added] = assignProcesses(files, durations, 2, 2);
    assert.equal(added, b);
    assert.equal(a, c);
    assert.notEqual(a, b);
  });

  it('with as many processes as run at once, gives each the same share', () => {
    const files = ['test/a.test.ts', 'test/b.test.ts', 'test/c.test.ts', 'test/d.test.ts'];
    assert.deepEqual(
      assignProcesses(files, { 'test/a.test.ts': 4, 'test/b.test.ts': 3, 'test/c.test.ts': 2, 'test/d.test.ts': 1 }, 2, 2),
      [0, 1, 1, 0],
    );
  });
});

describe("a suite's test file", () => {
  it('is found in a bundle path, a source path and a stack, and nowhere else', () => {
    assert.equal(testFileOf('/work/x/.test-build/run-12/test/chats/chat-api.test.mjs'), 'test/chats/chat-api.test.ts');
    assert.equal(testFileOf('/work/x/test/chats/chat-api.test.ts'), 'test/chats/chat-api.test.ts');
    const stack = [
      'Error',
      '    at recordSuiteFile (file:///w/.test-build/run-1/chunks/chunk-ABC.mjs:10:3)',
      '    at describeEachDatabase (file:///w/.test-build/run-1/chunks/chunk-ABC.mjs:99:3)',
      '    at file:///w/.test-build/run-1/test/customers/tags.test.mjs:12:1',
    ].join('\n');
    assert.equal(testFileOf(stack), 'test/customers/tags.test.ts');
    assert.equal(testFileOf('/w/test/support/harness.ts'), undefined);
    // A project checked out under a folder named test.
    assert.equal(testFileOf('/home/ci/test/conversa/.test-build/run-1/test/customers/tags.test.mjs'), 'test/customers/tags.test.ts');
  });
});
