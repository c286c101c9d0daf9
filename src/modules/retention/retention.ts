/**
 * Retention: the workers' housekeeping deletes finished records once they are older than their
 * configured number of days (config.retention; 0 keeps them for ever), and idempotency answers
 * once they expire (24 h, http/idempotency.ts).
 *
 * Each statement deletes at most `batchSize` rows found by an index (migration 0010), and a run
 * makes at most `maxBatches` statements per table, yielding to the event loop between them: no
 * statement holds SQLite's single writer for long, and a backlog (the first run on an old
 * database) drains over several runs. What is purged, and what never is:
 *
 * - provider_callbacks: processed ones, by `processed_at`. An unprocessed callback (still to apply,
 *   or retrying) is never purged, whatever its age.
 * - webhook_deliveries and webhook_attempts: finished deliveries (delivered or failed), by their last
 *   update, together with their attempts in one transaction. Pending deliveries are kept.
 * - events: by `created_at`, unless a delivery still refers to the event (a pending one needs it to
 *   send, a finished one to be replayed); it goes once its deliveries have been purged.
 * - jobs: dead ones, by when they died (`run_at` for the index, `updated_at` to be exact).
 * - flow_runs: finished ones (completed, failed, cancelled), by `finished_at`, their step logs with
 *   them (flow_run_steps cascades). A run still running or waiting is never purged.
 * - idempotency_keys: expired ones.
 * - sessions: console sessions past their expiry (signing out deletes a session at once; these are
 *   the ones nobody signed out of).
 * - provider_callback_tokens: signed callbacks' one-time tokens, once no callback carrying them could
 *   be fresh any more (CALLBACK_TOKEN_KEEP_MS after they were seen, whatever config.retention says).
 * - sign_in_throttles: failed sign-in counts whose window has ended (access/sign-in-throttle.ts).
 * - audit_log: by `created_at` (RETENTION_AUDIT_DAYS, 365 by default; modules/audit).
 *
 * Deliveries are purged before events, so events freed by purged deliveries go in the same run.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { purgeExpiredIdempotencyKeys } from '../../http/idempotency-store.js';
import { CALLBACK_TOKEN_KEEP_MS } from '../provider-callbacks/index.js';

export const RETENTION_BATCH_SIZE = 500;
export const RETENTION_MAX_BATCHES = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
const FINISHED_DELIVERY = ['delivered', 'failed'];

export const RETENTION_TABLES = [
  'provider_callbacks',
  'webhook_deliveries',
  'webhook_attempts',
  'events',
  'jobs',
  'flow_runs',
  'flow_run_steps',
  'idempotency_keys',
  'sessions',
  'provider_callback_tokens',
  'sign_in_throttles',
  'audit_log',
] as const;
export type RetentionTable = (typeof RETENTION_TABLES)[number];

export interface RetentionOptions {
  /** Most rows one statement deletes (deliveries: most deliveries, each with its attempts). */
  batchSize?: number;
  /** Most statements per table in one run. */
  maxBatches?: number;
}

type RetentionDeps = Pick<AppDeps, 'db' | 'clock' | 'metrics' | 'config'>;
/** One bounded delete: rows deleted by table, and whether it took a full batch (so more may be waiting). */
type Batch = (db: Kysely<DB>, cutoff: string, limit: number) => Promise<{ deleted: [RetentionTable, number][]; full: boolean }>;

/** Runs every purge once; returns the rows deleted by table. */
export async function purgeByRetention(deps: RetentionDeps, options: RetentionOptions = {}): Promise<Record<RetentionTable, number>> {
  const batchSize = options.batchSize ?? RETENTION_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? RETENTION_MAX_BATCHES;
  const now = deps.clock.now();
  const days = deps.config.retention;
  const purged = Object.fromEntries(RETENTION_TABLES.map((table) => [table, 0])) as Record<RetentionTable, number>;
  const count = (table: RetentionTable, rows: number) => {
    purged[table] += rows;
    if (rows > 0) deps.metrics.retentionRowsPurged.inc({ table }, rows);
  };
  const plan: [number, Batch][] = [
    [days.callbacksDays, purgeCallbacks],
    [days.webhookDeliveriesDays, purgeDeliveries],
    [days.eventsDays, purgeEvents],
    [days.deadJobsDays, purgeDeadJobs],
    [days.flowRunsDays, purgeFinishedFlowRuns],
    [days.auditDays, purgeAuditRows],
  ];
  const drain = async (batch: Batch, cutoff: string) => {
    for (let i = 0; i < maxBatches; i++) {
      const { deleted, full } = await batch(deps.db, cutoff, batchSize);
      for (const [table, rows] of deleted) count(table, rows);
      if (!full) break;
      await yieldToEventLoop();
    }
  };
  for (const [keepDays, batch] of plan) {
    if (keepDays !== 0) await drain(batch, new Date(now.getTime() - keepDays * DAY_MS).toISOString());
  }
  count('idempotency_keys', await purgeExpiredIdempotencyKeys(deps.db, now, batchSize, maxBatches));
  await drain(purgeEndedSessions, now.toISOString());
  await drain(purgeCallbackTokens, new Date(now.getTime() - CALLBACK_TOKEN_KEEP_MS).toISOString());
  await drain(purgeEndedSignInWindows, now.toISOString());
  return purged;
}

/** The housekeeping task's body: every purge, the total deleted. */
export async function retentionHousekeeping(deps: RetentionDeps, options?: RetentionOptions): Promise<number> {
  const purged = await purgeByRetention(deps, options);
  return Object.values(purged).reduce((sum, rows) => sum + rows, 0);
}

function single(table: RetentionTable, deleted: bigint, limit: number): Awaited<ReturnType<Batch>> {
  return { deleted: [[table, Number(deleted)]], full: Number(deleted) >= limit };
}

const purgeCallbacks: Batch = async (db, cutoff, limit) => {
  const result = await db
    .deleteFrom('provider_callbacks')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('provider_callbacks')
        .select('id')
        .where('processed_at', 'is not', null)
        .where('processed_at', '<', cutoff)
        .orderBy('processed_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return single('provider_callbacks', result.numDeletedRows, limit);
};

const purgeDeliveries: Batch = async (db, cutoff, limit) => {
  const ids = (
    await db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', 'in', FINISHED_DELIVERY)
      .where('updated_at', '<', cutoff)
      .limit(limit)
      .execute()
  ).map((row) => row.id);
  if (ids.length === 0) return { deleted: [], full: false };
  // Checked again in the transaction: a replay may have touched a delivery since it was read.
  return db.transaction().execute(async (trx) => {
    const attempts = await trx
      .deleteFrom('webhook_attempts')
      .where('delivery_id', 'in', (eb) =>
        eb
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('id', 'in', ids)
          .where('status', 'in', FINISHED_DELIVERY)
          .where('updated_at', '<', cutoff),
      )
      .executeTakeFirst();
    const deliveries = await trx
      .deleteFrom('webhook_deliveries')
      .where('id', 'in', ids)
      .where('status', 'in', FINISHED_DELIVERY)
      .where('updated_at', '<', cutoff)
      .executeTakeFirst();
    return {
      deleted: [
        ['webhook_deliveries', Number(deliveries.numDeletedRows)],
        ['webhook_attempts', Number(attempts.numDeletedRows)],
      ],
      // A full read means more may be waiting, even if a replay kept one of them.
      full: ids.length === limit,
    };
  });
};

const purgeEvents: Batch = async (db, cutoff, limit) => {
  const result = await db
    .deleteFrom('events')
    .where('seq', 'in', (eb) =>
      eb
        .selectFrom('events as e')
        .select('e.seq')
        .where('e.created_at', '<', cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'e.id'))),
        )
        .orderBy('e.created_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return single('events', result.numDeletedRows, limit);
};

const purgeAuditRows: Batch = async (db, cutoff, limit) => {
  const result = await db
    .deleteFrom('audit_log')
    .where('id', 'in', (eb) => eb.selectFrom('audit_log').select('id').where('created_at', '<', cutoff).orderBy('created_at').limit(limit))
    .executeTakeFirst();
  return single('audit_log', result.numDeletedRows, limit);
};

const purgeDeadJobs: Batch = async (db, cutoff, limit) => {
  const result = await db
    .deleteFrom('jobs')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'dead')
        .where('run_at', '<', cutoff)
        .where('updated_at', '<', cutoff)
        .orderBy('run_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return single('jobs', result.numDeletedRows, limit);
};

/**
 * Finished flow runs by `finished_at` (migration 0020's partial index), with their step logs. A run
 * may have logged up to MAX_RUN_STEPS steps, so a batch takes the oldest runs only while their log
 * rows (`steps_taken`) stay within `limit` (at least one run): one batch deletes about `limit` rows,
 * not 500 runs of a thousand steps each while holding SQLite's single writer. The steps are deleted
 * first, by `run_id` (the cascade would do it, uncounted), in the same transaction as their runs.
 */
const purgeFinishedFlowRuns: Batch = async (db, cutoff, limit) => {
  const oldest = await db
    .selectFrom('flow_runs')
    .select(['id', 'steps_taken'])
    .where('finished_at', 'is not', null)
    .where('finished_at', '<', cutoff)
    .orderBy('finished_at')
    .limit(limit)
    .execute();
  const ids: string[] = [];
  let rows = 0;
  for (const run of oldest) {
    if (ids.length > 0 && rows + run.steps_taken + 1 > limit) break;
    ids.push(run.id);
    rows += run.steps_taken + 1;
  }
  if (ids.length === 0) return { deleted: [], full: false };
  return db.transaction().execute(async (trx) => {
    const steps = await trx.deleteFrom('flow_run_steps').where('run_id', 'in', ids).executeTakeFirst();
    const runs = await trx.deleteFrom('flow_runs').where('id', 'in', ids).executeTakeFirst();
    return {
      deleted: [
        ['flow_runs', Number(runs.numDeletedRows)],
        ['flow_run_steps', Number(steps.numDeletedRows)],
      ],
      full: ids.length < oldest.length || oldest.length >= limit,
    };
  });
};

/** Sessions whose (sliding) expiry has passed, by `expires_at` (migration 0013's index). */
const purgeEndedSessions: Batch = async (db, now, limit) => {
  const result = await db
    .deleteFrom('sessions')
    .where('id', 'in', (eb) => eb.selectFrom('sessions').select('id').where('expires_at', '<=', now).orderBy('expires_at').limit(limit))
    .executeTakeFirst();
  return single('sessions', result.numDeletedRows, limit);
};

/** Callback tokens seen before `cutoff`: their callbacks are refused as stale by now anyway. */
const purgeCallbackTokens: Batch = async (db, cutoff, limit) => {
  const result = await db
    .deleteFrom('provider_callback_tokens')
    .where((eb) =>
      eb(
        eb.refTuple('channel_id', 'token'),
        'in',
        eb
          .selectFrom('provider_callback_tokens')
          .select(['channel_id', 'token'])
          .where('seen_at', '<', cutoff)
          .orderBy('seen_at')
          .limit(limit)
          .$asTuple('channel_id', 'token'),
      ),
    )
    .executeTakeFirst();
  return single('provider_callback_tokens', result.numDeletedRows, limit);
};

/** Failed sign-in counts whose window has ended (migration 0022's index): the next failure starts afresh anyway. */
const purgeEndedSignInWindows: Batch = async (db, now, limit) => {
  const result = await db
    .deleteFrom('sign_in_throttles')
    .where('key', 'in', (eb) =>
      eb.selectFrom('sign_in_throttles').select('key').where('window_ends_at', '<=', now).orderBy('window_ends_at').limit(limit),
    )
    .executeTakeFirst();
  return single('sign_in_throttles', result.numDeletedRows, limit);
};
