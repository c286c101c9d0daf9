/**
 * What the app is built from: capabilities wired once at start-up (STYLE.md 10) and handed to every
 * module. Modules register their routes and job handlers from these; nothing reads globals.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database$, Dialect } from './db/connection.js';
import type { DB } from './db/schema.js';
import type { TransactionBatcher } from './db/transaction-batcher.js';
import type { RequireApiKey } from './http/auth.js';
import type { JobQueue } from './jobs/queue.js';
import type { JobHandlers } from './jobs/types.js';
import type { Clock } from './lib/clock.js';
import type { Metrics } from './lib/metrics.js';
import type { AccessService } from './access/access.service.js';
import type { EventLog } from './modules/events/event-log.js';

export interface AppDeps {
  config: Config;
  database: Database$;
  db: Kysely<DB>;
  /** Group commit for short, pure-database transactions on hot paths (db/transaction-batcher.ts). */
  batcher: TransactionBatcher;
  dialect: Dialect;
  queue: JobQueue;
  /** Filled by the modules while the app is built; the worker runs what is registered here. */
  jobHandlers: JobHandlers;
  metrics: Metrics;
  clock: Clock;
  logger: Logger;
  access: AccessService;
  requireApiKey: RequireApiKey;
  /** Write domain events in the caller's transaction (modules/events). */
  events: EventLog;
}
