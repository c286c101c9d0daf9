/** Idempotency keys live 24 h: the workers' housekeeping deletes expired ones, and only those. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { purgeExpiredIdempotencyKeys } from '../../src/http/idempotency-store.js';
import { describeEachDatabase } from '../support/harness.js';
import { keyRow } from './idempotency-fixtures.js';

describeEachDatabase('idempotency key expiry', (env) => {
  it('purges expired keys in batches and keeps live ones', async () => {
    const svc = await env.start({ startWorker: false });
    const past = new Date(Date.now() - 1000).toISOString();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await svc.db
      .insertInto('idempotency_keys')
      .values([keyRow('a', past), keyRow('b', past), keyRow('c', past), keyRow('live', future)])
      .execute();
    assert.equal(await purgeExpiredIdempotencyKeys(svc.db, new Date(), 2), 3);
    const left = await svc.db.selectFrom('idempotency_keys').select('key').execute();
    assert.deepEqual(
      left.map((r) => r.key),
      ['live'],
    );
  });

  it('is run by the worker on its housekeeping interval', async () => {
    const svc = await env.start({ workerOptions: { housekeepingIntervalMs: 50 } });
    await svc.db
      .insertInto('idempotency_keys')
      .values([keyRow('old', new Date(Date.now() - 1000).toISOString())])
      .execute();
    for (let i = 0; i < 100; i++) {
      if ((await svc.db.selectFrom('idempotency_keys').select('key').execute()).length === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.fail('the expired key was not purged');
  });
});
