/** Ids (src/lib/ids.ts): UUID v7 from pooled random bytes, unique and ordered even within one millisecond. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validate, version } from 'uuid';
import { newId } from '../../src/lib/ids.js';

describe('newId', () => {
  it('gives valid, distinct UUID v7s in creation order, across many pool refills in the same milliseconds', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids.slice(0, 50)) {
      assert.ok(validate(id), id);
      assert.equal(version(id), 7);
    }
    assert.equal(new Set(ids).size, ids.length);
    assert.deepEqual([...ids].sort(), ids);
  });

  it('carries the current time in its first 48 bits', () => {
    const before = Date.now();
    const ms = parseInt(newId().replace(/-/g, '').slice(0, 12), 16);
    assert.ok(ms >= before && ms <= Date.now() + 1, `${ms} vs ${before}`);
  });
});
