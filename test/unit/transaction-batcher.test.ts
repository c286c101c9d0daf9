/**
 * The group-commit batcher (src/db/transaction-batcher.ts) on each database: units queued together
 * share one transaction, each gets its own result after the commit, and a failing unit rejects
 * alone while the others commit and nothing of it remains.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { TransactionBatcher } from '../../src/db/transaction-batcher.js';
import { describeEachDatabase, type TestEnv } from '../support/harness.js';
import { statementsWhile } from '../support/statements.js';

/** A scratch table of the test's own database: (id, value). */
async function scratchDb(env: TestEnv): Promise<Kysely<DB>> {
  const svc = await env.start({ startWorker: false });
  await sql`create table batch_rows (id text primary key, value text not null)`.execute(svc.deps.db);
  return svc.deps.db;
}

function insertRow(trx: Transaction<DB>, id: string, value = id) {
  return sql`insert into batch_rows (id, value) values (${id}, ${value})`.execute(trx);
}

async function rowIds(db: Kysely<DB>): Promise<string[]> {
  const result = await sql<{ id: string }>`select id from batch_rows order by id`.execute(db);
  return result.rows.map((row) => row.id);
}

describeEachDatabase('transaction batcher (group commit)', (env) => {
  it('runs units queued together in order, in one transaction, and gives each its own result after the commit', async () => {
    const db = await scratchDb(env);
    const batcher = new TransactionBatcher(db);
    const ran: string[] = [];
    const unit = (id: string) => async (trx: Transaction<DB>) => {
      ran.push(id);
      await insertRow(trx, id);
      // A later unit sees the earlier ones' writes: they share the transaction.
      const seen = await sql<{ n: number }>`select count(*) as n from batch_rows`.execute(trx);
      return { id, seen: Number(seen.rows[0]!.n) };
    };
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((id) => batcher.run(unit(id))));
    assert.deepEqual(ran, ['a', 'b', 'c', 'd']);
    assert.deepEqual(results, [
      { id: 'a', seen: 1 },
      { id: 'b', seen: 2 },
      { id: 'c', seen: 3 },
      { id: 'd', seen: 4 },
    ]);
    assert.deepEqual(await rowIds(db), ['a', 'b', 'c', 'd']);
  });

  it('a failing unit rejects alone: the others of its batch commit, nothing of it remains', async () => {
    const db = await scratchDb(env);
    await sql`insert into batch_rows (id, value) values ('taken', 'before')`.execute(db);
    const batcher = new TransactionBatcher(db);
    const runs = new Map<string, number>();
    const count = (id: string) => runs.set(id, (runs.get(id) ?? 0) + 1);
    const good = (id: string) => batcher.run(async (trx) => (count(id), await insertRow(trx, id), id));
    const settled = await Promise.allSettled([
      good('a'),
      // Writes a row, then hits a real constraint error (on PostgreSQL this aborts the transaction).
      batcher.run(async (trx) => {
        count('bad');
        await insertRow(trx, 'bad-partial');
        await insertRow(trx, 'taken', 'again');
        return 'bad';
      }),
      good('b'),
      batcher.run(async (trx) => {
        count('thrower');
        await insertRow(trx, 'thrower-partial');
        throw new Error('unit refused');
      }),
      good('c'),
    ]);
    assert.deepEqual(
      settled.map((s) => s.status),
      ['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled'],
    );
    assert.deepEqual(
      settled.filter((s) => s.status === 'fulfilled').map((s) => s.value),
      ['a', 'b', 'c'],
    );
    assert.match(String((settled[3] as PromiseRejectedResult).reason), /unit refused/);
    assert.deepEqual(await rowIds(db), ['a', 'b', 'c', 'taken']);
    const kept = await sql<{ value: string }>`select value from batch_rows where id = 'taken'`.execute(db);
    assert.equal(kept.rows[0]!.value, 'before');
    // 'a' ran in the batch (rolled back) and then alone; the units after the first failure ran alone only.
    assert.equal(runs.get('a'), 2);
    assert.equal(runs.get('bad'), 2);
    assert.equal(runs.get('b'), 1);
    assert.equal(runs.get('c'), 1);
  });

  it('splits at maxBatch: a failure rolls back only its own batch; units queued meanwhile form the next, in order', async () => {
    const db = await scratchDb(env);
    const batcher = new TransactionBatcher(db, { maxBatch: 2 });
    const ran: string[] = [];
    const unit = (id: string, fail = false) =>
      batcher.run(async (trx) => {
        ran.push(id);
        await insertRow(trx, id);
        if (fail) throw new Error(`${id} failed`);
        return id;
      });
    // Batches [u0, u1], [u2, u3], [u4]: u3 fails, so only u2 runs twice.
    const settled = await Promise.allSettled([unit('u0'), unit('u1'), unit('u2'), unit('u3', true), unit('u4')]);
    assert.deepEqual(
      settled.map((s) => s.status),
      ['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled'],
    );
    assert.deepEqual(ran, ['u0', 'u1', 'u2', 'u3', 'u2', 'u3', 'u4']);
    assert.deepEqual(await rowIds(db), ['u0', 'u1', 'u2', 'u4']);
  });

  it('a unit queued while a batch runs waits for the next batch, and still gets its result', async () => {
    const db = await scratchDb(env);
    const batcher = new TransactionBatcher(db);
    let late: Promise<string> | undefined;
    const first = batcher.run(async (trx) => {
      await insertRow(trx, 'first');
      late = batcher.run(async (inner) => (await insertRow(inner, 'late'), 'late'));
      return 'first';
    });
    assert.equal(await first, 'first');
    assert.equal(await late, 'late');
    assert.deepEqual(await rowIds(db), ['first', 'late']);
  });

  it("appended rows go in one INSERT per table after the batch's units; a bad row rejects alone", async () => {
    const db = await scratchDb(env);
    await sql`insert into batch_rows (id, value) values ('taken', 'before')`.execute(db);
    const batcher = new TransactionBatcher(db);
    // The scratch table is not in the service's schema type.
    const append = (id: string) => batcher.append('batch_rows' as never, { id, value: 'appended' } as never);
    const statements = await statementsWhile(db, () =>
      Promise.all([append('a'), batcher.run((trx) => insertRow(trx, 'unit')), append('b'), append('c')]),
    );
    const appendInserts = statements.filter((s) => /^insert into "batch_rows"/.test(s.sql));
    assert.equal(appendInserts.length, 1, 'the three appended rows in one INSERT');
    assert.equal(appendInserts[0]!.parameters.length, 6);
    assert.deepEqual(await rowIds(db), ['a', 'b', 'c', 'taken', 'unit']);

    // Rows of one table with different columns: each shape its own INSERT (in one, SQLite would
    // write NULL, not the default, into the column a row lacks, and the batch would fail).
    await sql`create table defaulted_rows (id text primary key, value text not null default 'default')`.execute(db);
    const appendTo = (row: Record<string, string>) => batcher.append('defaulted_rows' as never, row as never);
    const shapes = await statementsWhile(db, () => Promise.all([appendTo({ id: 'x' }), appendTo({ id: 'y', value: 'given' })]));
    assert.equal(shapes.filter((s) => /^insert into "defaulted_rows"/.test(s.sql)).length, 2, 'two shapes, two INSERTs, no re-run');
    const defaulted = await sql<{ id: string; value: string }>`select id, value from defaulted_rows order by id`.execute(db);
    assert.deepEqual(
      defaulted.rows.map((r) => [r.id, r.value]),
      [
        ['x', 'default'],
        ['y', 'given'],
      ],
    );

    const settled = await Promise.allSettled([append('d'), append('taken'), append('e')]);
    assert.deepEqual(
      settled.map((s) => s.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.deepEqual(await rowIds(db), ['a', 'b', 'c', 'd', 'e', 'taken', 'unit']);
  });
});
