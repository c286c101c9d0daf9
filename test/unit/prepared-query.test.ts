/**
 * Prepared queries (src/db/prepared.ts) on each database: built once, then every run puts its own
 * values in place of the placeholders (in a where, an insert, a set) while values written as
 * constants stay fixed; inside a transaction they see and roll back with it.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { prepareQuery } from '../../src/db/prepared.js';
import { describeEachDatabase } from '../support/harness.js';

const insertTag = prepareQuery<{ id: string; organizationId: string; name: string; now: string }>()((db, p) =>
  db.insertInto('tags').values({
    id: p('id'),
    organization_id: p('organizationId'),
    name: p('name'),
    color: '#000000',
    created_at: p('now'),
    updated_at: p('now'),
  }),
);

let builds = 0;
const tagsNamed = prepareQuery<{ organizationId: string; name: string }>()((db, p) => {
  builds++;
  return db
    .selectFrom('tags')
    .select(['id', 'name', 'color'])
    .where('organization_id', '=', p('organizationId'))
    .where('name', '=', p('name'));
});

describeEachDatabase('prepared queries', (env) => {
  it("runs with each call's own values, keeps constants, and compiles once per database handle", async () => {
    const svc = await env.start({ startWorker: false });
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization();
    const now = new Date().toISOString();
    await insertTag.execute(svc.db, { id: '00000000-0000-7000-8000-000000000001', organizationId: org.organizationId, name: 'vip', now });
    await insertTag.execute(svc.db, { id: '00000000-0000-7000-8000-000000000002', organizationId: org.organizationId, name: 'lead', now });
    await insertTag.execute(svc.db, { id: '00000000-0000-7000-8000-000000000003', organizationId: other.organizationId, name: 'vip', now });

    const before = builds;
    const vip = await tagsNamed.execute(svc.db, { organizationId: org.organizationId, name: 'vip' });
    const lead = await tagsNamed.execute(svc.db, { organizationId: org.organizationId, name: 'lead' });
    const otherVip = await tagsNamed.execute(svc.db, { organizationId: other.organizationId, name: 'vip' });
    const none = await tagsNamed.execute(svc.db, { organizationId: other.organizationId, name: 'lead' });
    assert.deepEqual(vip.rows, [{ id: '00000000-0000-7000-8000-000000000001', name: 'vip', color: '#000000' }]);
    assert.deepEqual(
      lead.rows.map((row) => row.id),
      ['00000000-0000-7000-8000-000000000002'],
    );
    assert.deepEqual(
      otherVip.rows.map((row) => row.id),
      ['00000000-0000-7000-8000-000000000003'],
    );
    assert.deepEqual(none.rows, []);
    assert.ok(builds - before <= 1, 'built at most once for this database handle');
  });

  it("runs inside the caller's transaction", async () => {
    const svc = await env.start({ startWorker: false });
    const org = await svc.seedOrganization();
    await assert.rejects(
      svc.db.transaction().execute(async (trx) => {
        await insertTag.execute(trx, {
          id: '00000000-0000-7000-8000-000000000009',
          organizationId: org.organizationId,
          name: 'temp',
          now: new Date().toISOString(),
        });
        const seen = await tagsNamed.execute(trx, { organizationId: org.organizationId, name: 'temp' });
        assert.equal(seen.rows.length, 1, 'seen inside the transaction');
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.deepEqual((await tagsNamed.execute(svc.db, { organizationId: org.organizationId, name: 'temp' })).rows, []);
  });
});
