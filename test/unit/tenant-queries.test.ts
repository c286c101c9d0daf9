/**
 * Tenant-scoped query starters (src/db/tenant.ts) on each database: every starter sees and changes
 * only the given organization's rows, inside a transaction as well as on the database, and what
 * follows the starter (selections, joins, subqueries) is written and typed as usual.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { tenantQueries, type TenantTable } from '../../src/db/tenant.js';
import { describeEachDatabase } from '../support/harness.js';

const NOW = '2024-01-01T00:00:00.000Z';

async function insertTag(db: Kysely<DB>, id: string, organizationId: string, name: string): Promise<void> {
  await db
    .insertInto('tags')
    .values({ id, organization_id: organizationId, name, color: '#000000', created_at: NOW, updated_at: NOW })
    .execute();
}

const A1 = '00000000-0000-7000-8000-0000000000a1';
const A2 = '00000000-0000-7000-8000-0000000000a2';
const B1 = '00000000-0000-7000-8000-0000000000b1';

describeEachDatabase('tenant query starters', (env) => {
  async function twoOrganizations() {
    const svc = await env.start({ startWorker: false });
    const a = (await svc.seedOrganization()).organizationId;
    const b = (await svc.seedOrganization()).organizationId;
    await insertTag(svc.db, A1, a, 'vip');
    await insertTag(svc.db, A2, a, 'lead');
    await insertTag(svc.db, B1, b, 'vip');
    return { db: svc.db, a, b };
  }

  async function tagsOf(db: Kysely<DB>) {
    return db.selectFrom('tags').select(['id', 'organization_id', 'name', 'color']).orderBy('id').execute();
  }

  it('selectFrom sees only the organization’s rows, typed as the plain starter', async () => {
    const { db, a, b } = await twoOrganizations();
    const q = tenantQueries(db, a);
    assert.equal(q.organizationId, a);
    const rows: { id: string; name: string }[] = await q.selectFrom('tags').select(['id', 'name']).orderBy('id').execute();
    assert.deepEqual(rows, [
      { id: A1, name: 'vip' },
      { id: A2, name: 'lead' },
    ]);
    // Further conditions add to the organization's; another organization's id is not found.
    assert.equal((await q.selectFrom('tags').select('id').where('id', '=', B1).executeTakeFirst()) ?? null, null);
    assert.deepEqual(
      (await tenantQueries(db, b).selectFrom('tags').select('id').execute()).map((r) => r.id),
      [B1],
    );
    // The filter names its table: a join and a subquery stay unambiguous and scoped.
    const joined = await q
      .selectFrom('tags')
      .innerJoin('organizations', 'organizations.id', 'tags.organization_id')
      .select(['tags.id', 'organizations.id as org'])
      .orderBy('tags.id')
      .execute();
    assert.deepEqual(joined, [
      { id: A1, org: a },
      { id: A2, org: a },
    ]);
    const named = await db
      .selectFrom('tags')
      .select('id')
      .where('name', 'in', q.selectFrom('tags').select('name').where('id', '=', A1))
      .orderBy('id')
      .execute();
    assert.deepEqual(
      named.map((r) => r.id),
      [A1, B1],
    );
  });

  it('updateTable changes only the organization’s rows', async () => {
    const { db, a } = await twoOrganizations();
    const result = await tenantQueries(db, a).updateTable('tags').set({ color: '#ffffff' }).where('name', '=', 'vip').executeTakeFirst();
    assert.equal(Number(result.numUpdatedRows), 1);
    assert.deepEqual(
      (await tagsOf(db)).map((t) => [t.id, t.color]),
      [
        [A1, '#ffffff'],
        [A2, '#000000'],
        [B1, '#000000'],
      ],
    );
    const returned = await tenantQueries(db, a).updateTable('tags').set({ color: '#111111' }).returning(['id']).execute();
    assert.deepEqual(returned.map((r) => r.id).sort(), [A1, A2]);
  });

  it('deleteFrom removes only the organization’s rows, inside a transaction too', async () => {
    const { db, a, b } = await twoOrganizations();
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        const q = tenantQueries(trx, b);
        const result = await q.deleteFrom('tags').executeTakeFirst();
        assert.equal(Number(result.numDeletedRows), 1);
        assert.deepEqual(await q.selectFrom('tags').select('id').execute(), []);
        assert.equal((await tenantQueries(trx, a).selectFrom('tags').select('id').execute()).length, 2);
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.equal((await tagsOf(db)).length, 3);
    const result = await tenantQueries(db, a).deleteFrom('tags').where('name', '=', 'vip').executeTakeFirst();
    assert.equal(Number(result.numDeletedRows), 1);
    assert.deepEqual(
      (await tagsOf(db)).map((t) => t.id),
      [A2, B1],
    );
  });

  it('covers the tenant tables only', () => {
    // Compile-time: identity tables and tables whose organization is optional are not tenant tables.
    const tenant: TenantTable[] = ['customers', 'chats', 'messages', 'tags', 'events', 'memberships'];
    // @ts-expect-error organizations is an identity table
    const identity: TenantTable = 'organizations';
    // @ts-expect-error a job's organization is optional
    const jobs: TenantTable = 'jobs';
    assert.ok(tenant.length > 0 && identity && jobs);
  });
});
