/** What a worker is built from (worker.ts): its capabilities, its handlers and its tuning. */
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Dialect } from '../db/connection.js';
import type { DB } from '../db/schema.js';
import type { TransactionBatcher } from '../db/transaction-batcher.js';
import type { Clock } from '../lib/clock.js';
import type { Metrics } from '../lib/metrics.js';
import type { HousekeepingTask } from './housekeeping.js';
import type { JobQueue } from './queue.js';
import type { JobHandlers } from './types.js';

export interface WorkerOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Its wake-ups, and its catalogue: payload schemas and retry policies by job type. */
  queue: Pick<JobQueue<object>, 'catalogue' | 'onEnqueue'>;
  handlers: JobHandlers;
  logger: Logger;
  metrics?: Metrics;
  /** The time jobs are due and leases run out by; a test clock's `advance` wakes the worker. */
  clock?: Clock;
  pgPool?: pg.Pool;
  /**
   * Group commit for the worker's own bookkeeping: with it, the deletes of jobs finishing together
   * share one transaction (a busy queue finishes hundreds of jobs a second; one commit each was a
   * large part of its cost). Without it, each delete commits alone.
   */
  batcher?: TransactionBatcher;
  concurrency?: number;
  leaseMs?: number;
  /** Longest sleep when idle; new jobs wake the worker sooner through notifications. */
  idlePollMs?: number;
  /** Replaces the base delay of exponential retry policies (tests shorten the backoff). */
  retryBaseMs?: number;
  /**
   * Periodic tasks run by every worker (clean-ups such as expired idempotency keys, sweeps such as
   * sends whose request never finished), each at its own `intervalMs` or at `housekeepingIntervalMs`.
   * They must be safe to run in several workers at once; a failure is logged and tried next time.
   */
  housekeeping?: HousekeepingTask[];
  housekeepingIntervalMs?: number;
}
