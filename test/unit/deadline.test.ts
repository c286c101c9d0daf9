import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { deadline } from '../../src/lib/deadline.js';

describe('deadline', () => {
  it('aborts at its time with the TimeoutError AbortSignal.timeout gives', async () => {
    const limit = deadline(10);
    assert.equal(limit.signal.aborted, false);
    await sleep(40);
    assert.equal(limit.signal.aborted, true);
    assert.equal((limit.signal.reason as DOMException).name, 'TimeoutError');
  });

  it('cleared, never aborts: no late TimeoutError after the work is over', async () => {
    const limit = deadline(10);
    let aborts = 0;
    limit.signal.addEventListener('abort', () => aborts++);
    limit.clear();
    await sleep(40);
    assert.equal(limit.signal.aborted, false);
    assert.equal(aborts, 0);
  });
});
