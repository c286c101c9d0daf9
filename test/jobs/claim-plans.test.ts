/**
 * The worker's claim reads due timers through their partial index (jobs_priority_runnable_idx), on
 * both databases, however many ordinary jobs are due. Without it SQLite walked every due job of the
 * (status, run_at) index to find the timers among them: a claim's cost grew with the very backlog
 * the timers are meant to overtake (2.5 ms a claim at 12,000 due jobs in the send bench).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import pino from 'pino';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { JobClaims } from '../../src/jobs/claims.js';
import { JOB_PRIORITY_TIMER } from '../../src/jobs/types.js';
import type { DB } from '../../src/db/schema.js';
import type { Dialect } from '../../src/db/connection.js';
import { createDeps } from '../../src/runtime.js';
import { describeEachDatabase } from '../support/harness.js';
import { statementsWhile } from '../support/statements.js';
import { testQueue } from '../support/test-jobs.js';

/** The plan's text: SQLite's EXPLAIN QUERY PLAN lines, PostgreSQL's EXPLAIN lines. */
async function planOf(db: Kysely<DB>, dialect: Dialect, query: CompiledQuery): Promise<string> {
  const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
  const { rows } = await db.executeQuery<Record<string, string>>({ ...query, sql: prefix + query.sql } as CompiledQuery<
    Record<string, string>
  >);
  return rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n');
}

describeEachDatabase('job claim plans', (env) => {
  it('finds due timers through their partial index behind a backlog of due jobs', async () => {
    const database = await env.database();
    const deps = await createDeps(env.config(database), { logger: pino({ level: 'silent' }) });
    try {
      const past = new Date(Date.now() - 60_000);
      await deps.db.transaction().execute(async (trx) => {
        const backlog = Array.from({ length: 2000 }, (_, i) => ({ type: 'test.backlog', payload: { i }, runAt: past }));
        for (let i = 0; i < backlog.length; i += 500) await testQueue(deps.queue).enqueueMany(trx, backlog.slice(i, i + 500));
        await testQueue(deps.queue).enqueue(trx, { type: 'test.timer', payload: {}, runAt: past, priority: JOB_PRIORITY_TIMER });
      });
      if (deps.dialect === 'postgres') await sql`analyze jobs`.execute(deps.db);
      const claims = new JobClaims(deps.db, deps.dialect, 'plan-test', 30_000, deps.clock);
      for (const claim of [() => claims.due(16), () => claims.dueTimers(16)]) {
        const [statement] = await statementsWhile(deps.db, claim);
        const plan = await planOf(deps.db, deps.dialect, statement!);
        assert.match(plan, /jobs_priority_runnable_idx/, `the timers are read by their partial index:\n${plan}`);
      }
    } finally {
      await deps.database.close();
    }
  });
});
