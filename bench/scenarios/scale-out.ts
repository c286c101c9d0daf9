/**
 * The service as it is deployed, measured from outside: real `conversa serve` processes (the built
 * dist/, as an operator runs them) under the load generator, on each database.
 *
 * - PostgreSQL + Redis: N API processes (`WORKER=off`, each its own port) and SCALE_OUT_WORKERS
 *   `conversa worker` processes (default 1) on one database, rate limits in Redis; for each N of
 *   SCALE_OUT_PROCESSES (default 1,2). One load generator per API process, their figures summed.
 * - SQLite: one process, its worker inline (SQLite has one writer: more processes add no writer).
 *
 * Rows, each BENCH_SECONDS (default 5) at SCALE_OUT_CONNECTIONS (default 50) per API process:
 * sends spread over ORGANIZATIONS organizations to known recipients, the same from one organization
 * alone, sends to a new recipient every time, a customer's messages as provider callbacks (inbound)
 * and status callbacks for messages sent. A callback is answered once stored; a job applies it, so
 * callback rows also give the rate at which the workers applied them (accepted ÷ time until the
 * queue was idle again). Beside each row: the service processes' CPU per 1,000 requests (the
 * machine is shared; CPU time is steadier than wall-clock), and per configuration their peak RSS.
 * The baseline is the same run's bare `node:http` server in a process of its own
 * (bench/outside-floor.ts `bare`), as the send scenario's.
 *
 * BENCH_DATABASE_URL adds the PostgreSQL runs; Redis is BENCH_REDIS_URL, else TEST_REDIS_URL, else
 * redis://127.0.0.1:6379.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { DatabaseConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connection.js';
import type { Services } from '../../src/modules/services.js';
import { startServe, startWorkerProcess, type ConversaProcess } from '../../test/support/serve-process.js';
import { benchDatabases, load, startService, type GeneratorOptions, type LoadResult, type Scenario } from '../lib.js';
import { knownRecipient, type SendingOrganization } from '../requests.js';
import { ownDatabase, withOutsideProcess } from './send.js';

const ORGANIZATIONS = 20;
/** Known recipients per organization of the spread rows, and of the organization alone. */
const SPREAD_RECIPIENTS = 50;
const ALONE_RECIPIENTS = 1000;
/** Sent messages each generator reports on: their ids travel in its argv, whose one string is at most 128 KiB. */
const STATUS_TARGETS = 2000;
/** Far above any run's rate: the limiter still counts every send (in Redis), it never refuses one. */
const UNLIMITED = 1_000_000_000;

const CONNECTIONS = Number(process.env.SCALE_OUT_CONNECTIONS ?? 50);
const PROCESS_COUNTS = (process.env.SCALE_OUT_PROCESSES ?? '1,2').split(',').map(Number);
const WORKERS = Number(process.env.SCALE_OUT_WORKERS ?? 1);
const REDIS_URL = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** The bench's own handle on the database: it watches the job queue and picks sent messages. */
type Reader = ReturnType<typeof openDatabase>['db'];

interface Seeded {
  spread: SendingOrganization[];
  alone: SendingOrganization;
}

/** An enterprise organization without a send limit in the way, its key, and a quiet sandbox channel. */
async function sendingOrganization(services: Services, name: string): Promise<SendingOrganization> {
  const { tenancy, channels } = services;
  const org = await tenancy.createOrganization({ name, plan: 'enterprise', sendLimitPerMinute: UNLIMITED });
  const profile = await tenancy.createProfile({ name: 'Bench', email: `bench-${org.id}@example.com` });
  await tenancy.addMember(org.id, { profileId: profile.id, role: 'owner' });
  const key = await tenancy.createApiKey(profile.id, { name: 'bench', scopes: ['*'] });
  // Delivered and read reports an hour out: the callback rows send their own, so each row measures one thing.
  const channel = await channels.create(org.id, {
    kind: 'whatsapp_zapi',
    name: 'quiet',
    config: { sandbox: true, deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 },
  });
  return { key: key.key, channelId: channel.id };
}

/** One send to each known recipient of `org`, ten at a time: their customers and chats exist before the load. */
async function prime(url: string, org: SendingOrganization, recipients: number): Promise<void> {
  let next = 0;
  const sender = async () => {
    while (next < recipients) {
      const response = await fetch(`${url}/v1/messages/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${org.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ channel_id: org.channelId, to: knownRecipient(next++), type: 'text', content: { text: 'warm-up' } }),
      });
      if (response.status !== 201) throw new Error(`warm-up send failed: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 10 }, sender));
}

/**
 * Seeds in this process (migrations, organizations, warm-up sends) on a service that is closed
 * before the measured processes start: they then find a migrated, populated database, as after a deploy.
 */
async function seed(database: DatabaseConfig): Promise<Seeded> {
  const { runtime, url } = await startService(database);
  try {
    const spread: SendingOrganization[] = [];
    for (let i = 0; i < ORGANIZATIONS; i++) spread.push(await sendingOrganization(runtime.services, `Spread ${i}`));
    const alone = await sendingOrganization(runtime.services, 'Alone');
    for (const org of spread) await prime(url, org, SPREAD_RECIPIENTS);
    await prime(url, alone, ALONE_RECIPIENTS);
    return { spread, alone };
  } finally {
    await runtime.close(30_000);
  }
}

/** The measured shape: `apis` serve processes, and either their inline workers or `workers` worker processes. */
interface Fleet {
  apis: ConversaProcess[];
  workers: ConversaProcess[];
  urls: string[];
}

function serviceEnv(database: DatabaseConfig): Record<string, string> {
  return {
    NODE_ENV: 'production',
    // The "Conversa listening on" line is at info; requests are not logged at info (src/app.ts).
    LOG_LEVEL: 'info',
    DATABASE_URL: database.dialect === 'postgres' ? database.url : database.file,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    // The callback rows send far more than a channel's 1,200 a minute; the limiter still counts them.
    CALLBACK_RATE_LIMIT: String(1_000_000),
    ...(database.dialect === 'postgres' ? { REDIS_URL, DATABASE_POOL_SIZE: '10' } : {}),
  };
}

/**
 * Starts the fleet into `fleet` as it goes, so the caller's finally kills whatever started even
 * when a later process fails to.
 */
async function startFleet(fleet: Fleet, database: DatabaseConfig, apis: number): Promise<void> {
  const env = serviceEnv(database);
  if (database.dialect === 'sqlite') fleet.apis.push(startServe(env));
  else {
    for (let i = 0; i < apis; i++) fleet.apis.push(startServe({ ...env, WORKER: 'off' }));
    for (let i = 0; i < WORKERS; i++) fleet.workers.push(startWorkerProcess(env));
  }
  fleet.urls = await Promise.all(fleet.apis.map((p) => p.listening));
  await Promise.all(fleet.workers.map((p) => p.listening));
}

async function stopFleet(fleet: Fleet): Promise<void> {
  const all = [...fleet.apis, ...fleet.workers];
  for (const p of all) if (p.child.exitCode === null) p.child.kill('SIGTERM');
  // A process that does not finish its graceful stop in time is killed: the run must end.
  const killer = setTimeout(() => all.forEach((p) => p.child.kill('SIGKILL')), 15_000);
  await Promise.all(all.map((p) => p.exited));
  clearTimeout(killer);
}

/** /proc/<pid>/stat's user + system time, in ms (Linux; 0 elsewhere). */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** /proc/<pid>/status's VmHWM: the process's peak resident memory so far, in MB (Linux; 0 elsewhere). */
function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}

function fleetCpuMs(fleet: Fleet): number {
  return [...fleet.apis, ...fleet.workers].reduce((sum, p) => sum + cpuMs(p.child.pid!), 0);
}

interface Row extends LoadResult {
  /** Service processes' CPU (all of them) per 1,000 requests answered. */
  cpuPerThousandMs: number;
  /** Callback rows: the rate the workers applied them at, until the queue was idle. */
  appliedPerSecond?: number;
}

/**
 * One generator per API process, at the same time, each with its own requests: their rates
 * summed, their p50s averaged, the worst p99 (a client sees the worst process).
 */
async function loadFleet(name: string, fleet: Fleet, requestsFor: (i: number) => GeneratorOptions['requests']): Promise<Row> {
  const cpuBefore = fleetCpuMs(fleet);
  const results = await Promise.all(fleet.urls.map((url, i) => load(name, { url, connections: CONNECTIONS, requests: requestsFor(i) })));
  const requests = results.reduce((sum, r) => sum + r.requestsPerSecond, 0);
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  return {
    name,
    requestsPerSecond: requests,
    p50Ms: Math.round(results.reduce((sum, r) => sum + r.p50Ms, 0) / results.length),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    cpuPerThousandMs: Math.round(((fleetCpuMs(fleet) - cpuBefore) * 1000) / Math.max(1, requests * seconds)),
  };
}

/** Jobs runnable or running (the sandbox's own reports, an hour out, do not count). */
async function waitForIdleQueue(db: Reader, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const now = new Date().toISOString();
    const row = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)])]))
      .executeTakeFirstOrThrow();
    if (Number(row.n) === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** A callback row, then the wait until the workers applied every callback it stored. */
async function callbackRow(name: string, fleet: Fleet, db: Reader, requestsFor: (i: number) => GeneratorOptions['requests']): Promise<Row> {
  const started = performance.now();
  const row = await loadFleet(name, fleet, requestsFor);
  const idle = await waitForIdleQueue(db, 120_000);
  const seconds = (performance.now() - started) / 1000;
  const accepted = row.requestsPerSecond * Number(process.env.BENCH_SECONDS ?? 5);
  return { ...row, appliedPerSecond: idle ? Math.round(accepted / seconds) : undefined };
}

/** Provider ids of sent messages by channel, for status reports, one share per generator. */
async function sentMessages(db: Reader, parts: number): Promise<Record<string, string[]>[]> {
  const rows = await db
    .selectFrom('messages')
    .select(['channel_id', 'provider_message_id'])
    .where('direction', '=', 'outbound')
    .where('provider_message_id', 'is not', null)
    .limit(STATUS_TARGETS * parts)
    .execute();
  const shares = Array.from({ length: parts }, () => ({}) as Record<string, string[]>);
  rows.forEach((row, k) => (shares[k % parts]![row.channel_id] ??= []).push(row.provider_message_id!));
  return shares;
}

/**
 * Each generator's new recipients start at its own offset (each shape has a database of its own, so
 * only generators of one row must not meet): 2,000,000 apart keeps every number 8 digits long.
 */
const NEW_RECIPIENTS_APART = 2_000_000;

/** A short load discarded: fresh processes compile their hot paths on their first requests. */
async function warmUp(fleet: Fleet, seeded: Seeded): Promise<void> {
  await Promise.all(
    fleet.urls.map((url) =>
      load('warm-up', {
        url,
        durationSeconds: 2,
        connections: 10,
        requests: { factory: 'tenantSendRequests', args: [seeded.spread, SPREAD_RECIPIENTS] },
      }),
    ),
  );
}

async function measure(fleet: Fleet, seeded: Seeded, db: Reader): Promise<Row[]> {
  await warmUp(fleet, seeded);
  const spreadKnown = await loadFleet(`sends, ${ORGANIZATIONS} organizations, known recipients`, fleet, () => ({
    factory: 'tenantSendRequests',
    args: [seeded.spread, SPREAD_RECIPIENTS],
  }));
  const alone = await loadFleet('sends, one organization alone, known recipients', fleet, () => ({
    factory: 'tenantSendRequests',
    args: [[seeded.alone], ALONE_RECIPIENTS],
  }));
  const spreadNew = await loadFleet(`sends, ${ORGANIZATIONS} organizations, every recipient new`, fleet, (i) => ({
    factory: 'tenantSendRequests',
    args: [seeded.spread, 0, i * NEW_RECIPIENTS_APART],
  }));
  // The sends' jobs run first: the callback rows then measure callbacks, not a send backlog.
  await waitForIdleQueue(db, 120_000);
  const channels = seeded.spread.map((o) => o.channelId);
  const inbound = await callbackRow('inbound messages (provider callbacks)', fleet, db, (i) => ({
    factory: 'inboundRequests',
    args: [channels, SPREAD_RECIPIENTS, `in-${i}`],
  }));
  const targets = await sentMessages(db, fleet.urls.length);
  const statuses = await callbackRow('status callbacks (delivered, then read)', fleet, db, (i) => ({
    factory: 'statusRequests',
    args: [targets[i]!],
  }));
  return [spreadKnown, alone, spreadNew, inbound, statuses];
}

function printRows(title: string, bare: LoadResult, rows: Row[], fleet: Fleet): void {
  console.log(`\n## ${title}`);
  console.log('| row | req/s | p50 ms | p99 ms | vs bare | errors/non-2xx | service CPU ms / 1,000 | applied by the workers /s |');
  console.log('|---|---|---|---|---|---|---|---|');
  console.log(`| ${bare.name} | ${bare.requestsPerSecond} | ${bare.p50Ms} | ${bare.p99Ms} | 1.000 | ${bare.errors}/${bare.non2xx} | | |`);
  for (const row of rows) {
    const ratio = (row.requestsPerSecond / bare.requestsPerSecond).toFixed(3);
    const applied = row.appliedPerSecond === undefined ? '' : String(row.appliedPerSecond);
    console.log(
      `| ${row.name} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${ratio} | ${row.errors}/${row.non2xx} | ${row.cpuPerThousandMs} | ${applied} |`,
    );
  }
  const rss = (list: ConversaProcess[]) => list.map((p) => peakRssMb(p.child.pid!)).join(', ');
  console.log(`peak RSS MB: API ${rss(fleet.apis)}${fleet.workers.length ? `; workers ${rss(fleet.workers)}` : ' (worker inline)'}`);
}

async function runShape(label: string, config: DatabaseConfig, apis: number): Promise<void> {
  const database = await ownDatabase(config);
  const fleet: Fleet = { apis: [], workers: [], urls: [] };
  const reader = openDatabase(database.config);
  try {
    const seeded = await seed(database.config);
    await startFleet(fleet, database.config, apis);
    const bare = await withOutsideProcess('bare', (url) =>
      load('outside: bare node:http (own process, 1 generator)', { url, method: 'POST', body: '{}', connections: CONNECTIONS }),
    );
    const rows = await measure(fleet, seeded, reader.db);
    const shape =
      config.dialect === 'sqlite'
        ? '1 process, worker inline'
        : `${apis} API process${apis > 1 ? 'es' : ''} + ${WORKERS} worker${WORKERS > 1 ? 's' : ''}, Redis`;
    const seconds = process.env.BENCH_SECONDS ?? 5;
    const loadAverage = os.loadavg().map((n) => n.toFixed(1));
    printRows(
      `${label}, ${shape} (${CONNECTIONS} connections per API process, ${seconds} s a row; load ${loadAverage.join(' ')})`,
      bare,
      rows,
      fleet,
    );
  } finally {
    await stopFleet(fleet);
    await reader.db.destroy();
    await database.drop();
  }
}

export const scaleOutScenario: Scenario = {
  name: 'scale-out',
  description: 'conversa serve processes (N on PostgreSQL + Redis, 1 on SQLite) under sends, inbound and status callbacks',
  async run() {
    for (const { label, config } of benchDatabases()) {
      const counts = label === 'sqlite' ? [1] : PROCESS_COUNTS;
      for (const apis of counts) await runShape(label, config(), apis);
    }
  },
};
