/**
 * For crash tests: waits until the service, restarted on `databaseUrl`, can make no more provider
 * calls, so that "sent exactly once" is asserted on the final count rather than after a fixed pause.
 * Settled means no job of a kind that sends is left (queued, running, or waiting for its retry; a
 * job that gave up, `dead`, sends no more) and no message is still `pending`. A job's row is deleted
 * only once its handler has returned, so a provider call in flight keeps its row: once none is
 * left, nothing can arrive at the provider any more. (The fixed pause it replaces, 1.5–2 s, cost
 * that time on every run and missed a retry scheduled after it.)
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { until } from './serve-process.js';

/** The job types that call a provider, directly or by enqueueing a send. */
const SENDING_JOBS = ['messages.send', 'chats.sequence_step', 'scheduled_messages.send', 'flows.step', 'campaigns.run'];

const UNSETTLED = `select
  (select count(*) from jobs where status <> 'dead' and type in (${SENDING_JOBS.map((t) => `'${t}'`).join(', ')})) as jobs,
  (select count(*) from messages where status = 'pending') as pending`;

export async function sendsSettled(databaseUrl: string, timeoutMs = 30_000): Promise<void> {
  const unsettled = await openReader(databaseUrl);
  try {
    await until(async () => (await unsettled()) === 0, timeoutMs, 'no send left to make (jobs and pending messages)');
  } finally {
    await unsettled.close();
  }
}

/** How many sending jobs and pending messages there are, read on the database itself. */
async function openReader(databaseUrl: string): Promise<{ (): Promise<number>; close(): Promise<void> }> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const read = async () => {
      const row = (await client.query<{ jobs: string; pending: string }>(UNSETTLED)).rows[0]!;
      return Number(row.jobs) + Number(row.pending);
    };
    return Object.assign(read, { close: () => client.end() });
  }
  const db = new Database(databaseUrl.replace(/^sqlite:/, ''), { readonly: true });
  const statement = db.prepare(UNSETTLED);
  const read = async () => {
    const row = statement.get() as { jobs: number; pending: number };
    return row.jobs + row.pending;
  };
  return Object.assign(read, { close: async () => void db.close() });
}
