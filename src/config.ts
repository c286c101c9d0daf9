// The one place that reads `process.env`; everything else receives a `Config`. A bad value stops
// the start with a message that names the variable (STYLE.md 12).
import path from 'node:path';
import { defaultPublicUrl } from './public-url.js';

export const WORKER_MODES = ['inline', 'off'] as const;
export type WorkerMode = (typeof WORKER_MODES)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; poolSize: number };

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  redisUrl: string | undefined;
  adminToken: string | undefined;
  publicUrl: string;
  worker: WorkerMode;
  jobConcurrency: number;
  /**
   * JOB_LEASE_MS: how long a claimed job stays its worker's without a heartbeat (renewed every third
   * of it); a killed worker's jobs run again this long after its last heartbeat.
   */
  jobLeaseMs: number;
  /**
   * SEND_TIMEOUT_MS: the deadline of every provider call (request and job); the provider's I/O is
   * aborted at it. Shorter than the job lease, so a call never outlives its job's lease.
   */
  sendTimeoutMs: number;
  /**
   * SEND_HANDOVER_MARGIN_MS: after the deadline, how long a send request has to commit its outcome
   * before the sweep hands the message to a job (also covers clock skew between hosts).
   */
  sendHandoverMarginMs: number;
  /**
   * IDEMPOTENCY_STALE_MS: an Idempotency-Key claim not refreshed by its request's heartbeat for this
   * long belongs to a dead process: a retry then runs the request (nothing committed) or replays the
   * answer its transaction recorded (http/idempotency.ts).
   */
  idempotencyStaleMs: number;
  /**
   * TEST_CRASH_BEFORE_IDEMPOTENT_ANSWER (never in production): the process SIGKILLs itself after an
   * idempotent request's transactions committed, before its answer is stored or sent (crash tests).
   */
  crashBeforeIdempotentAnswer: boolean;
  /**
   * WEBHOOK_ALLOW_PRIVATE_NETWORKS: what non-public addresses outbound calls to URLs users gave may
   * reach: `true` all, `'loopback'` this machine only, `false` none. Unset = `false` in every
   * environment: NODE_ENV decides nothing here (a development server is often reachable by other
   * tenants too). The demo's deliveries to the dev inspector need none of it (dev-inspector/README.md).
   */
  webhookAllowPrivateNetworks: boolean | 'loopback';
  /** Delays between webhook delivery attempts (WEBHOOK_RETRY_SCHEDULE_MS); its length + 1 is the number of attempts. */
  webhookRetryScheduleMs: number[];
  logLevel: LogLevel;
  nodeEnv: string;
  /** Whether X-Forwarded-For is believed: `false`, `true`, a hop count or a list of trusted proxy CIDRs. */
  trustProxy: boolean | number | string[];
  orgApiRateLimit: number;
  bodyLimitBytes: number;
  /** Largest provider callback body accepted at /channels/{id}/webhook (413 beyond). */
  callbackBodyLimitBytes: number;
  /** Provider callbacks accepted per channel per minute (429 beyond). */
  callbackRateLimit: number;
  /** Longest a client may take to send a whole request (408 after it). */
  requestTimeoutMs: number;
  /** Seed a demo organization on an empty database (never in production). */
  seedDemo: boolean;
  /** Uploaded files (files module): where the local store keeps them, their size limit, and the signed links. */
  files: FilesConfig;
  /** How long finished records are kept before the workers' housekeeping purges them (modules/retention). */
  retention: RetentionConfig;
  flows: FlowsConfig;
  /** Console sign-in: session lifetimes and sign-in attempt limits (DESIGN §8, docs/console.md). */
  sessions: SessionsConfig;
  /** The realtime event stream, `GET /api/{organizationId}/events/stream` (modules/events). */
  eventStream: EventStreamConfig;
  /** Streaming the event log into brokers (modules/event-sinks). */
  eventSinks: EventSinksConfig;
}

export interface SessionsConfig {
  /** SESSION_TTL_HOURS: a session unused this long ends (sliding: every use pushes the end back). */
  idleTtlMs: number;
  /** SESSION_MAX_HOURS: a session ends this long after sign-in however much it is used (the cookie's Max-Age). */
  maxLifetimeMs: number;
  /**
   * SIGN_IN_RATE_LIMIT_EMAIL: failed sign-ins for one e-mail address from one client address per
   * window (429 beyond, for that pair only: the agent still signs in from elsewhere).
   */
  signInLimitPerEmail: number;
  /** SIGN_IN_RATE_LIMIT_IP: failed sign-ins from one client address, whatever the e-mail, per window (429 beyond). */
  signInLimitPerIp: number;
  /** The window both sign-in limits count in, from a pair's or an address's first failure. */
  signInWindowMs: number;
  /**
   * The session cookie is `__Host-conversa_session` and always Secure: when PUBLIC_URL is https or
   * NODE_ENV is production. Otherwise `conversa_session`, Secure when the request came over https.
   */
  hostCookie: boolean;
}

export interface EventStreamConfig {
  /**
   * EVENT_STREAM_KEEPALIVE_MS: a comment line this often keeps proxies from closing an idle stream; on
   * the same beat the caller's key is checked again, and a client that took nothing for a whole
   * interval while events wait is cut (it resumes with Last-Event-ID).
   */
  keepAliveMs: number;
  /** EVENT_STREAM_POLL_MS: how often to look for events without a wake-up: PostgreSQL while its LISTEN connection is down, SQLite for commits of another process. */
  pollMs: number;
  /** EVENT_STREAM_BUFFER_BYTES: at most this many bytes are held for one client; the rest waits in the database until it reads. */
  maxBufferedBytes: number;
  /** EVENT_STREAM_MAX_PER_ORG: streams one organization may have open on one process (429 beyond). */
  maxPerOrganization: number;
  /** EVENT_STREAM_MAX_PER_CREDENTIAL: streams one API key or console session may have open on one process (429 beyond). */
  maxPerCredential: number;
  /** EVENT_STREAM_MAX: streams one process serves at once (429 beyond). */
  maxOpen: number;
}

/** EVENT_SINK_POLL_MS: how often a caught-up sink looks at the log again; EVENT_SINK_BATCH: events per batch. */
export type EventSinksConfig = { pollMs: number; batchSize: number };
/** Days each kind of finished record is kept; 0 keeps it for ever. */
export interface RetentionConfig {
  /** RETENTION_CALLBACKS_DAYS: processed provider callbacks (raw bodies), by `processed_at`; unprocessed ones are never purged. */
  callbacksDays: number;
  /** RETENTION_WEBHOOK_DELIVERIES_DAYS: finished (delivered or failed) webhook deliveries with their attempts, by last update. */
  webhookDeliveriesDays: number;
  /** RETENTION_EVENTS_DAYS: events, by `created_at`; an event a kept delivery still refers to stays. */
  eventsDays: number;
  /** RETENTION_DEAD_JOBS_DAYS: dead jobs, by when they died. */
  deadJobsDays: number;
  /** RETENTION_FLOW_RUNS_DAYS: finished flow runs (completed, failed, cancelled) with their step logs, by `finished_at`. */
  flowRunsDays: number;
  /** RETENTION_AUDIT_DAYS: audit log rows (modules/audit), by `created_at`. */
  auditDays: number;
}

export interface FilesConfig {
  /** FILES_DIR: beside the SQLite file (`<its folder>/files`), else `./data/files`. */
  dir: string;
  /** FILE_MAX_BYTES: larger uploads (multipart or by URL) are 413 PAYLOAD_TOO_LARGE. */
  maxBytes: number;
  /** FILE_FETCH_TIMEOUT_MS: how long a `{ url }` upload may take to download. */
  fetchTimeoutMs: number;
  /** FILE_URL_TTL_SECONDS: how long a signed content link (what providers fetch) stays valid. */
  urlTtlSeconds: number;
  /** FILES_SIGNING_SECRET: HMAC key of the signed links; unset → generated once and kept in `<dir>/.signing-secret`. */
  signingSecret: string | undefined;
}

/** Limits of a flow's `http_request` step. */
export interface FlowsConfig {
  /** FLOW_HTTP_TIMEOUT_MS: how long the called server may take to answer (the run fails after). */
  httpTimeoutMs: number;
  /** FLOW_HTTP_MAX_ANSWER_BYTES: a larger answer fails the run (it would be kept in the run's variables). */
  httpMaxAnswerBytes: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${env[name]}"`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** WEBHOOK_ALLOW_PRIVATE_NETWORKS: true/false, or `loopback`; unset = false, whatever NODE_ENV says. */
function privateNetworks(env: Env): Config['webhookAllowPrivateNetworks'] {
  const name = 'WEBHOOK_ALLOW_PRIVATE_NETWORKS';
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return false;
  if (raw === 'loopback') return 'loopback';
  try {
    return boolean(env, name, false);
  } catch {
    throw new ConfigError(name, `must be true, false or loopback, got "${env[name]}"`);
  }
}

/** `DATABASE_URL`: a file path, `sqlite:<path>`, or `postgres://…` / `postgresql://…`. */
export function parseDatabaseUrl(raw: string | undefined, poolSize = 10): DatabaseConfig {
  if (raw === undefined || raw.trim() === '') return { dialect: 'sqlite', file: path.resolve('data/conversa.db') };
  const value = raw.trim();
  if (/^postgres(ql)?:\/\//.test(value)) {
    try {
      new URL(value);
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid postgres:// URL');
    }
    return { dialect: 'postgres', url: value, poolSize };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new ConfigError('DATABASE_URL', 'must be a file path, sqlite:<path> or postgres://…');
  }
  const file = value.startsWith('sqlite:') ? value.slice('sqlite:'.length) : value;
  if (file === '') throw new ConfigError('DATABASE_URL', 'sqlite: needs a file path');
  return { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
}

/** About 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every few hours: 13 attempts over about a day (DESIGN.md §4). */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS = [
  5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 14_400_000, 14_400_000, 14_400_000, 14_400_000,
];

function delayList(env: Env, name: string, fallback: number[]): number[] {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.length > 50 || parts.some((p) => !/^\d+$/.test(p) || Number(p) < 1 || Number(p) > 86_400_000)) {
    throw new ConfigError(name, `must be a comma-separated list of up to 50 delays in milliseconds (1 to 86400000), got "${raw}"`);
  }
  return parts.map(Number);
}

function trustProxy(env: Env): Config['trustProxy'] {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.some((e) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(e))) {
    throw new ConfigError('TRUST_PROXY', 'must be true, false, a hop count, or a comma-separated list of IPs/CIDRs');
  }
  return entries;
}

function url(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  try {
    const parsed = new URL(raw);
    if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error('protocol');
    return raw.replace(/\/+$/, '');
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  }
}

/** The local file store's folder: FILES_DIR, else beside a SQLite file, else ./data/files (PostgreSQL, :memory:). */
function filesDir(env: Env, database: DatabaseConfig): string {
  const raw = env.FILES_DIR?.trim();
  if (raw) return path.resolve(raw);
  if (database.dialect === 'sqlite' && database.file !== ':memory:') return path.join(path.dirname(database.file), 'files');
  return path.resolve('data/files');
}

function filesConfig(env: Env, database: DatabaseConfig): FilesConfig {
  const signingSecret = env.FILES_SIGNING_SECRET?.trim() || undefined;
  if (signingSecret !== undefined && signingSecret.length < 32) {
    throw new ConfigError('FILES_SIGNING_SECRET', 'must be at least 32 characters (it signs the links providers fetch files from)');
  }
  return {
    dir: filesDir(env, database),
    maxBytes: integer(env, 'FILE_MAX_BYTES', 16 * 1_048_576, 1024, 1024 * 1_048_576),
    fetchTimeoutMs: integer(env, 'FILE_FETCH_TIMEOUT_MS', 30_000, 100, 600_000),
    urlTtlSeconds: integer(env, 'FILE_URL_TTL_SECONDS', 7 * 24 * 3600, 60, 365 * 24 * 3600),
    signingSecret,
  };
}

function retentionConfig(env: Env): RetentionConfig {
  const days = (name: string, fallback: number) => integer(env, name, fallback, 0, 36_500);
  return {
    callbacksDays: days('RETENTION_CALLBACKS_DAYS', 30),
    webhookDeliveriesDays: days('RETENTION_WEBHOOK_DELIVERIES_DAYS', 30),
    eventsDays: days('RETENTION_EVENTS_DAYS', 90),
    deadJobsDays: days('RETENTION_DEAD_JOBS_DAYS', 30),
    flowRunsDays: days('RETENTION_FLOW_RUNS_DAYS', 90),
    auditDays: days('RETENTION_AUDIT_DAYS', 365),
  };
}

const HOUR_MS = 3_600_000;

function sessionsConfig(env: Env, publicUrl: string, nodeEnv: string): SessionsConfig {
  const idleHours = integer(env, 'SESSION_TTL_HOURS', 12, 1, 24 * 365);
  const maxHours = integer(env, 'SESSION_MAX_HOURS', 7 * 24, 1, 24 * 365);
  if (maxHours < idleHours) {
    throw new ConfigError('SESSION_MAX_HOURS', `must be at least SESSION_TTL_HOURS (${idleHours}), got ${maxHours}`);
  }
  return {
    idleTtlMs: idleHours * HOUR_MS,
    maxLifetimeMs: maxHours * HOUR_MS,
    signInLimitPerEmail: integer(env, 'SIGN_IN_RATE_LIMIT_EMAIL', 10, 1, 1_000_000),
    signInLimitPerIp: integer(env, 'SIGN_IN_RATE_LIMIT_IP', 100, 1, 1_000_000),
    signInWindowMs: 15 * 60_000,
    hostCookie: nodeEnv === 'production' || new URL(publicUrl).protocol === 'https:',
  };
}

const eventSinksConfig = (env: Env): EventSinksConfig => ({
  pollMs: integer(env, 'EVENT_SINK_POLL_MS', 250, 10, 60_000),
  batchSize: integer(env, 'EVENT_SINK_BATCH', 200, 1, 5000),
});

function eventStreamConfig(env: Env): EventStreamConfig {
  return {
    keepAliveMs: integer(env, 'EVENT_STREAM_KEEPALIVE_MS', 15_000, 10, 300_000),
    pollMs: integer(env, 'EVENT_STREAM_POLL_MS', 1000, 10, 600_000),
    maxBufferedBytes: integer(env, 'EVENT_STREAM_BUFFER_BYTES', 1_048_576, 65_536, 256 * 1_048_576),
    maxPerOrganization: integer(env, 'EVENT_STREAM_MAX_PER_ORG', 100, 1, 100_000),
    maxPerCredential: integer(env, 'EVENT_STREAM_MAX_PER_CREDENTIAL', 10, 1, 100_000),
    maxOpen: integer(env, 'EVENT_STREAM_MAX', 5000, 1, 1_000_000),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV?.trim() || 'development';
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://');
  const adminToken = env.ADMIN_TOKEN?.trim() || undefined;
  if (adminToken !== undefined && adminToken.length < 16) {
    throw new ConfigError('ADMIN_TOKEN', 'must be at least 16 characters (it guards the whole admin API)');
  }
  const database = parseDatabaseUrl(env.DATABASE_URL, integer(env, 'DATABASE_POOL_SIZE', 10, 1, 200));
  const jobLeaseMs = integer(env, 'JOB_LEASE_MS', 15_000, 300, 600_000);
  const sendTimeoutMs = integer(env, 'SEND_TIMEOUT_MS', 4000, 100, 120_000);
  // A send job's provider call must end inside the job's lease, or a second worker could send again.
  if (sendTimeoutMs >= jobLeaseMs) {
    throw new ConfigError('SEND_TIMEOUT_MS', `must be shorter than JOB_LEASE_MS (${jobLeaseMs}), got ${sendTimeoutMs}`);
  }
  const publicUrl = url(env, 'PUBLIC_URL', defaultPublicUrl(host, port));
  return {
    port,
    host,
    database,
    redisUrl,
    adminToken,
    publicUrl,
    worker: oneOf(env, 'WORKER', WORKER_MODES, 'inline'),
    jobConcurrency: integer(env, 'JOB_CONCURRENCY', 20, 1, 500),
    jobLeaseMs,
    sendTimeoutMs,
    sendHandoverMarginMs: integer(env, 'SEND_HANDOVER_MARGIN_MS', 11_000, 100, 600_000),
    idempotencyStaleMs: integer(env, 'IDEMPOTENCY_STALE_MS', 15_000, 300, 600_000),
    crashBeforeIdempotentAnswer: nodeEnv !== 'production' && boolean(env, 'TEST_CRASH_BEFORE_IDEMPOTENT_ANSWER', false),
    webhookAllowPrivateNetworks: privateNetworks(env),
    webhookRetryScheduleMs: delayList(env, 'WEBHOOK_RETRY_SCHEDULE_MS', DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    nodeEnv,
    trustProxy: trustProxy(env),
    orgApiRateLimit: integer(env, 'ORG_API_RATE_LIMIT', 1200, 1, 1_000_000),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 100 * 1_048_576),
    callbackBodyLimitBytes: integer(env, 'CALLBACK_BODY_LIMIT_BYTES', 1_048_576, 1024, 100 * 1_048_576),
    callbackRateLimit: integer(env, 'CALLBACK_RATE_LIMIT', 1200, 1, 1_000_000),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
    seedDemo: nodeEnv !== 'production' && boolean(env, 'SEED_DEMO', true),
    files: filesConfig(env, database),
    retention: retentionConfig(env),
    flows: {
      httpTimeoutMs: integer(env, 'FLOW_HTTP_TIMEOUT_MS', 10_000, 100, 120_000),
      httpMaxAnswerBytes: integer(env, 'FLOW_HTTP_MAX_ANSWER_BYTES', 65_536, 1024, 1_048_576),
    },
    sessions: sessionsConfig(env, publicUrl, nodeEnv),
    eventStream: eventStreamConfig(env),
    eventSinks: eventSinksConfig(env),
  };
}
