/**
 * PostgreSQL named prepared statements (src/db/connection.ts) survive what invalidates them: a
 * column added to a table by another session (a migration of a newer process) does not break
 * `select *` (prepared outside a transaction and run again unnamed when its plan went stale, never
 * prepared inside one), and a connection whose statements were dropped is replaced instead of failing for
 * ever; a statement marked to be planned on each run is never prepared. On SQLite there is nothing to test (its statement cache is per text and in process).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { planEachRun } from '../../src/db/executor.js';
import pg from 'pg';
import { describeEachDatabase } from '../support/harness.js';

describeEachDatabase('named prepared statements', (env) => {
  it(
    'keeps `select *` working after another session adds a column',
    { skip: env.dialect !== 'postgres' && 'PostgreSQL only' },
    async () => {
      const svc = await env.start({ startWorker: false });
      const org = await svc.seedOrganization();
      const tag = await svc.inject({
        method: 'POST',
        url: `/api/${org.organizationId}/tags`,
        headers: org.keyHeader,
        payload: { name: 'VIP', color: '#ff0000' },
      });
      assert.equal(tag.statusCode, 201, tag.body);
      const readTags = () => svc.db.selectFrom('tags').selectAll().where('organization_id', '=', org.organizationId).execute();
      // Run it on every pooled connection: outside a transaction each prepares it.
      await Promise.all(Array.from({ length: 20 }, readTags));
      const preparedTexts = await Promise.all(
        Array.from({ length: 20 }, async () =>
          (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(svc.db)).rows.map((r) => r.statement),
        ),
      );
      assert.ok(
        preparedTexts.flat().some((text) => text.startsWith('select * from "tags"')),
        'outside a transaction `select *` runs as a prepared statement',
      );
      const other = new pg.Client({ connectionString: (svc.config.database as { url: string }).url });
      await other.connect();
      try {
        await other.query('alter table tags add column note text');
      } finally {
        await other.end();
      }
      // The stale plans fail before they run (0A000); each is run again unnamed, and inside a
      // transaction, where that error would abort it, `select *` was never prepared.
      const after = await Promise.all(Array.from({ length: 20 }, readTags));
      assert.ok(after.every((rows) => rows.length === 1 && rows.every((row) => 'note' in row)));
      const stage = await svc.admin('POST', `/organizations/${org.organizationId}/stages`, { name: 'Lead', position: 1 });
      assert.equal(stage.statusCode, 201, stage.body);
      // In a transaction: `select *`, the table changed by the same transaction, `select *` again.
      const [first, second, preparedThere] = await svc.db.transaction().execute(async (trx) => {
        // A text of its own (the admin API's reads of stages may have prepared theirs on this connection).
        const read = () =>
          trx.selectFrom('stages').selectAll().where('organization_id', '=', org.organizationId).where('position', '>=', 0).execute();
        const before = await read();
        await sql`alter table stages add column note text`.execute(trx);
        const changed = await read();
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
        return [before, changed, rows.map((row) => row.statement)];
      });
      assert.ok(first.length > 0 && second.length === first.length && second.every((row) => 'note' in row));
      assert.ok(
        !preparedThere.some((text) => text.startsWith('select * from "stages"') && text.includes('"position" >=')),
        'inside a transaction it is not prepared',
      );
    },
  );

  it(
    'replaces a connection whose prepared statements were dropped',
    { skip: env.dialect !== 'postgres' && 'PostgreSQL only' },
    async () => {
      const svc = await env.start({ startWorker: false });
      const org = await svc.seedOrganization();
      const countTags = (db = svc.db) => db.selectFrom('tags').select('id').where('organization_id', '=', org.organizationId).execute();
      await assert.rejects(
        svc.db.transaction().execute(async (trx) => {
          await countTags(trx as never); // prepared on this connection
          await sql`deallocate all`.execute(trx); // as DISCARD ALL or a pooler would
          await countTags(trx as never); // pg still believes it is prepared: 26000
        }),
        (err: { code?: string }) => err.code === '26000',
      );
      // Without the replacement, the poisoned connection would fail every later use of that query.
      const results = await Promise.allSettled(Array.from({ length: 40 }, () => countTags()));
      assert.deepEqual(
        results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
        [],
      );
    },
  );

  it(
    'never prepares a statement marked to be planned on each run, and prepares its unmarked twin',
    { skip: env.dialect !== 'postgres' && 'PostgreSQL only' },
    async () => {
      const svc = await env.start({ startWorker: false });
      const org = await svc.seedOrganization();
      // One connection (a transaction), so pg_prepared_statements shows what this session holds.
      const prepared = await svc.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 6; i++) {
          await sql`${planEachRun}select count(*) from tags where organization_id = ${org.organizationId}`.execute(trx);
          await sql`select count(*) as twin from tags where organization_id = ${org.organizationId}`.execute(trx);
        }
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
        return rows.map((row) => row.statement);
      });
      assert.ok(
        prepared.some((text) => text.includes('as twin')),
        'the unmarked statement is prepared',
      );
      assert.ok(!prepared.some((text) => text.includes('plan each run')), 'the marked one is planned per run');
    },
  );
});
