/**
 * The capabilities wired once at start-up (STYLE.md 10): configuration, database, queue, event log,
 * event wake-ups, clock, logger, metrics. The service graph (services.ts) is built from these; nothing reads globals.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database$, Dialect } from './db/connection.js';
import type { DB } from './db/schema.js';
import type { TransactionBatcher } from './db/transaction-batcher.js';
import type { AppJobQueue } from './jobs/job-payloads.js';
import type { Clock } from './lib/clock.js';
import type { Metrics } from './lib/metrics.js';
import type { AccessService } from './access/access.service.js';
import type { AccessChanges } from './access/access-changes.js';
import type { DefaultCountries } from './access/default-countries.js';
import type { EventLog } from './event-log/event-log.js';
import type { EventWakeups } from './event-log/event-wakeups.js';

export interface AppDeps {
  config: Config;
  database: Database$;
  db: Kysely<DB>;
  /** Group commit for short, pure-database transactions on hot paths (db/transaction-batcher.ts). */
  batcher: TransactionBatcher;
  dialect: Dialect;
  queue: AppJobQueue;
  metrics: Metrics;
  clock: Clock;
  logger: Logger;
  access: AccessService;
  /** Report a change to someone's rights (a key revoked, a member removed…), so every process's access cache forgets it. */
  accessChanges: AccessChanges;
  /** Each organization's default country, kept in memory and forgotten as the access cache is. */
  defaultCountries: DefaultCountries;
  /** Write domain events in the caller's transaction (modules/events). */
  events: EventLog;
  /** Hear that an organization's events changed, in any process (the realtime stream waits on it). */
  eventWakeups: EventWakeups;
}
