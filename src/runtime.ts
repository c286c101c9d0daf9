/**
 * The composition root: opens the database, applies migrations, wires the capabilities (deps.ts),
 * builds the service graph (services.ts) once, then the app from it and (unless WORKER=off) the
 * in-process worker with every module's job handlers. `main.ts`, the CLI, the tests and the
 * benchmark all start here, so what is tested is what runs.
 */
import pino, { type Logger } from 'pino';
import { serializeRequest } from './http/log-redaction.js';
import type { Config } from './config.js';
import { buildApp, type App } from './app.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { TransactionBatcher } from './db/transaction-batcher.js';
import type { AppDeps } from './deps.js';
import { makeRequireApiKey } from './http/auth.js';
import { SessionCookie } from './http/session-cookie.js';
import { JobQueue } from './jobs/queue.js';
import type { JobHandlers } from './jobs/types.js';
import type { JobPayloads } from './jobs/job-payloads.js';
import { jobCatalogue, jobHandlersFor } from './modules/jobs.js';
import { createServices, type AppContext, type Services } from './modules/services.js';
import { Worker } from './jobs/worker.js';
import { systemClock, type Clock } from './lib/clock.js';
import { Metrics } from './lib/metrics.js';
import { AccessService } from './access/access.service.js';
import { AccessCache } from './access/access-cache.js';
import { AccessChanges } from './access/access-changes.js';
import { DefaultCountries } from './access/default-countries.js';
import { EventLog } from './event-log/event-log.js';
import { EventWakeups } from './event-log/event-wakeups.js';
import { handOverDueSends, SEND_SWEEP_INTERVAL_MS } from './modules/messages/send-outbox.js';
import { retentionHousekeeping } from './modules/retention/retention.js';
import { webhookFanOutSubscriber } from './modules/webhooks/webhook-fanout.js';
import { SinkRunner } from './modules/event-sinks/sink-runner.js';
import { ImapRunner } from './modules/email-inbox/imap-runner.js';

export interface RuntimeOptions {
  logger?: Logger;
  clock?: Clock;
  /** Start the in-process worker (default: config.worker === 'inline'). */
  startWorker?: boolean;
  /** Passed to the worker (tests shorten leases and backoff). */
  workerOptions?: { leaseMs?: number; idlePollMs?: number; retryBaseMs?: number; concurrency?: number; housekeepingIntervalMs?: number };
  defaultMetrics?: boolean;
  /** SQLite WAL checkpoints in a background thread (default true; short-lived CLI commands skip it). */
  backgroundCheckpoints?: boolean;
}

export interface Runtime {
  app: App;
  deps: AppDeps;
  services: Services;
  /** What the worker runs, by job type (tests may add their own). */
  jobHandlers: JobHandlers;
  worker: Worker | undefined;
  /** The event sinks' streaming, beside the worker (modules/event-sinks). */
  sinks: SinkRunner | undefined;
  /** E-mail channels' IMAP mailboxes read, beside the worker (modules/email-inbox). */
  imap: ImapRunner | undefined;
  /** Stops taking requests (finishing those in flight), then the worker (finishing or releasing its jobs), then the database. */
  close(graceMs?: number): Promise<void>;
}

/** The service's logger (stdout unless `destination` is given). */
export function createLogger(config: Config, destination?: pino.DestinationStream): Logger {
  // Credentials never reach the logs: keys, the console's session cookie and its CSRF token, and
  // secrets in a request's query (a callback's ?token=, http/log-redaction.ts).
  const options = {
    level: config.logLevel,
    serializers: { req: serializeRequest },
    redact: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie', 'req.headers["x-csrf-token"]'],
  };
  return destination ? pino(options, destination) : pino(options);
}

export async function createDeps(config: Config, options: RuntimeOptions = {}): Promise<AppDeps> {
  const logger = options.logger ?? createLogger(config);
  const database = openDatabase(
    config.database,
    options.backgroundCheckpoints === false
      ? {}
      : {
          backgroundCheckpoints: {
            onError: (message) => logger.warn({ err: message }, 'SQLite WAL checkpoint failed; trying again shortly'),
          },
        },
  );
  try {
    await migrateToLatest(database.db as never);
  } catch (err) {
    await database.close();
    throw err;
  }
  const metrics = new Metrics({ defaultMetrics: options.defaultMetrics });
  const clock = options.clock ?? systemClock;
  const queue = new JobQueue<JobPayloads>(jobCatalogue(), metrics, clock);
  // Rights changes heard from every process, so authentication can answer from memory; on PostgreSQL
  // the cache is off until `start` (createRuntime: a process serving HTTP) has its LISTEN in place.
  const accessChanges = new AccessChanges({ database, logger });
  const access = new AccessService(
    database.db,
    (err) => logger.warn({ err }, 'recording API key or session use failed'),
    clock,
    { idleTtlMs: config.sessions.idleTtlMs },
    new AccessCache(accessChanges),
  );
  // The event log's subscribers, each doing its work in the recording transaction or through jobs.
  const events = new EventLog(clock);
  events.subscribe(webhookFanOutSubscriber(queue, clock));
  const eventWakeups = new EventWakeups({
    dialect: database.dialect,
    db: database.db,
    pgPool: database.pgPool,
    logger,
    pollMs: config.eventStream.pollMs,
  });
  // Wake-ups of the realtime streams: a notification at commit for streamed organizations (PostgreSQL), in process (SQLite).
  events.subscribe(eventWakeups.subscriber());
  return {
    config,
    database,
    db: database.db,
    // SQLite has one writer: one batch at a time groups the most. On PostgreSQL a batch runs its units
    // one round trip after another on one connection, so batches are smaller and spread over the pool:
    // send benchmark, batch x in flight: 8x8 1,054 req/s, 4x8 1,066, 16x4 1,244-1,298, 32x2 1,272, 64x2 1,150.
    batcher: new TransactionBatcher(database.db, database.dialect === 'postgres' ? { maxBatch: 16, maxInFlight: 4 } : {}),
    dialect: database.dialect,
    queue,
    events,
    eventWakeups,
    metrics,
    clock,
    logger,
    access,
    accessChanges,
    defaultCountries: new DefaultCountries(accessChanges),
  };
}

export function createWorker(deps: AppDeps, handlers: JobHandlers, options: RuntimeOptions['workerOptions'] = {}): Worker {
  return new Worker({
    db: deps.db,
    dialect: deps.dialect,
    queue: deps.queue,
    handlers,
    logger: deps.logger.child({ component: 'worker' }),
    metrics: deps.metrics,
    clock: deps.clock,
    pgPool: deps.database.pgPool,
    batcher: deps.batcher,
    concurrency: options.concurrency ?? deps.config.jobConcurrency,
    leaseMs: deps.config.jobLeaseMs,
    housekeeping: [
      // Old finished records and expired idempotency answers, in bounded batches (modules/retention).
      { name: 'retention', run: () => retentionHousekeeping(deps) },
      {
        name: 'sends handed over to jobs',
        intervalMs: SEND_SWEEP_INTERVAL_MS,
        run: () => handOverDueSends(deps.db, deps.queue, deps.clock.now()),
      },
    ],
    ...options,
  });
}

/** Streams the event sinks (DESIGN §13) in a process that runs the worker, inline or `conversa worker`. */
export function createSinkRunner(deps: AppDeps): SinkRunner {
  return new SinkRunner({
    db: deps.db,
    dialect: deps.dialect,
    clock: deps.clock,
    logger: deps.logger.child({ component: 'event-sinks' }),
    metrics: deps.metrics,
    leaseMs: deps.config.jobLeaseMs,
    pollMs: deps.config.eventSinks.pollMs,
    batchSize: deps.config.eventSinks.batchSize,
  });
}

/** Reads e-mail channels' IMAP mailboxes (DESIGN §9) in a process that runs the worker, like the sinks. */
export function createImapRunner(deps: AppDeps, services: Services): ImapRunner {
  return new ImapRunner({
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger.child({ component: 'imap' }),
    inbox: services.emailInbox,
    leaseMs: deps.config.jobLeaseMs,
  });
}

/** The context route modules are built from: capabilities, the service graph, the authentication hook. */
export function createAppContext(deps: AppDeps, services: Services): AppContext {
  const sessionCookie = new SessionCookie(deps.config.sessions.hostCookie);
  return { ...deps, services, sessionCookie, requireApiKey: makeRequireApiKey(deps.access, sessionCookie) };
}

export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const deps = await createDeps(config, options);
  await deps.accessChanges.start();
  const services = createServices(deps);
  const jobHandlers = jobHandlersFor(services);
  const app = await buildApp(createAppContext(deps, services));
  await app.ready();
  const startWorker = options.startWorker ?? config.worker === 'inline';
  const worker = startWorker ? createWorker(deps, jobHandlers, options.workerOptions) : undefined;
  await worker?.start();
  const sinks = startWorker ? createSinkRunner(deps) : undefined;
  sinks?.start();
  const imap = startWorker ? createImapRunner(deps, services) : undefined;
  imap?.start();
  let closed = false;
  return {
    app,
    deps,
    services,
    jobHandlers,
    worker,
    sinks,
    imap,
    async close(graceMs = 10_000) {
      if (closed) return;
      closed = true;
      await app.close();
      await sinks?.stop();
      await imap?.stop();
      // The worker stops before the services release their HTTP agents, so no running job loses one.
      await worker?.stop(graceMs);
      await services.close();
      await deps.eventWakeups.close();
      await deps.accessChanges.close();
      await deps.database.close();
    },
  };
}
