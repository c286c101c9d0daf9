/**
 * Benchmark helpers: every figure is reported beside a bare Fastify route measured in the same run
 * on the same machine, so results compare across machines as ratios.
 */
import Fastify from 'fastify';
import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pino from 'pino';
import { loadConfig, type Config, type DatabaseConfig } from '../src/config.js';
import { createRuntime, type Runtime } from '../src/runtime.js';

const execFileAsync = promisify(execFile);

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** What the load generator process needs: plain JSON (requests are named, see bench/requests.ts). */
export interface GeneratorOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  /** Requests whose bodies or paths vary: a factory of bench/requests.ts and its arguments. */
  requests?: { factory: RequestFactoryName; args: unknown[] };
  connections?: number;
  durationSeconds?: number;
  amount?: number;
}

export type RequestFactoryName =
  'sendRequests' | 'lookupRequests' | 'createRequests' | 'chatCreateRequests' | 'tenantSendRequests' | 'inboundRequests' | 'statusRequests';

/**
 * Runs autocannon in a process of its own (bench/load-generator.ts), so the load does not compete
 * with the service for its event loop. 50 connections and BENCH_SECONDS (default 5) unless told.
 */
export async function load(name: string, options: GeneratorOptions): Promise<LoadResult> {
  const generatorOptions: GeneratorOptions = {
    ...options,
    durationSeconds: options.durationSeconds ?? Number(process.env.BENCH_SECONDS ?? 5),
  };
  const script = fileURLToPath(new URL('./load-generator.ts', import.meta.url));
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', script, JSON.stringify(generatorOptions)], {
    maxBuffer: 1 << 20,
  });
  const summary = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Omit<LoadResult, 'name'>;
  return { name, ...summary };
}

/** The baseline: a bare Fastify route answering a constant JSON body. */
export async function withBareFastify<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ success: true, data: { ok: true } }));
  app.post('/bare', async () => ({ success: true, data: { ok: true } }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await fn(`${url}/bare`);
  } finally {
    await app.close();
  }
}

export function benchDatabases(): { label: string; config: () => DatabaseConfig }[] {
  const list: { label: string; config: () => DatabaseConfig }[] = [
    {
      label: 'sqlite',
      config: () => ({ dialect: 'sqlite', file: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-bench-')), 'bench.db') }),
    },
  ];
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) list.push({ label: 'postgres', config: () => ({ dialect: 'postgres', url: freshPostgresDatabase(pgUrl), poolSize: 10 }) });
  // BENCH_ON=sqlite or postgres: one database only (CAPACITY_ON, the capacity bench's older name, too).
  const only = process.env.BENCH_ON ?? process.env.CAPACITY_ON;
  return only ? list.filter((database) => database.label === only) : list;
}

/**
 * A new, empty database per call (named conversa_bench_*), so scenarios never measure each
 * other's leftovers. Earlier runs' bench databases are dropped by bench/run.ts at start.
 */
function freshPostgresDatabase(serverUrl: string): string {
  const name = `conversa_bench_${crypto.randomBytes(4).toString('hex')}`;
  execFileSync('psql', [serverUrl, '-qc', `create database ${name}`]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database kept across runs (named conversa_kept_*, which dropBenchDatabases leaves alone), created
 * when missing: what a scenario seeds for minutes can then be read again by the next run. `fresh`
 * empties it first (a seed that was interrupted must not be seeded on top of).
 */
export function keptDatabase(label: string, name: string, dir: string, fresh: boolean): DatabaseConfig {
  if (label === 'sqlite') {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}.db`);
    if (fresh) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    return { dialect: 'sqlite', file };
  }
  const serverUrl = (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)!;
  const database = `conversa_kept_${name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`;
  if (fresh) execFileSync('psql', [serverUrl, '-qc', `drop database if exists ${database} with (force)`]);
  const exists = execFileSync('psql', [serverUrl, '-Atc', `select 1 from pg_database where datname = '${database}'`], { encoding: 'utf8' });
  if (!exists.trim()) execFileSync('psql', [serverUrl, '-qc', `create database ${database}`]);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return { dialect: 'postgres', url: url.toString(), poolSize: 10 };
}

export function dropBenchDatabases(): void {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  // Only databases nobody is connected to: another bench running on the same server (the machine
  // is shared) keeps its own; this run's are idle once its service closed.
  const idle =
    "select datname from pg_database d where datname like 'conversa_bench_%' and not exists (select 1 from pg_stat_activity a where a.datname = d.datname)";
  const names = execFileSync('psql', [serverUrl, '-Atc', idle], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  for (const name of names) {
    try {
      execFileSync('psql', [serverUrl, '-qc', `drop database if exists ${name}`], { stdio: 'ignore' });
    } catch {
      // Someone connected to it meanwhile: it is theirs, left for a later run.
    }
  }
}

export async function startService(
  database: DatabaseConfig,
  env: Record<string, string> = {},
): Promise<{ runtime: Runtime; url: string; config: Config }> {
  const config = {
    ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', PORT: '0', ...env }),
    database,
  };
  const runtime = await createRuntime(config, { logger: pino({ level: process.env.BENCH_LOG_LEVEL ?? 'warn' }) });
  const url = await runtime.app.listen({ port: 0, host: '127.0.0.1' });
  return { runtime, url, config };
}

export function printTable(title: string, baseline: LoadResult, rows: LoadResult[]): void {
  console.log(`\n## ${title}`);
  console.log('| scenario | req/s | p50 ms | p99 ms | req/s vs bare | errors/non-2xx |');
  console.log('|---|---|---|---|---|---|');
  for (const row of [baseline, ...rows]) {
    const ratio = (row.requestsPerSecond / baseline.requestsPerSecond).toFixed(3);
    console.log(`| ${row.name} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${ratio} | ${row.errors}/${row.non2xx} |`);
  }
}

/** A benchmark scenario (bench/scenarios/): a named load run that prints its own tables. */
export interface Scenario {
  name: string;
  description: string;
  run(): Promise<void>;
}

/** An enterprise organization (no plan limit in the way) with an owner and a key of every scope. */
export async function seedBenchOrganization(
  services: Runtime['services'],
  name = 'Bench',
): Promise<{ organizationId: string; key: string }> {
  const { tenancy } = services;
  const org = await tenancy.createOrganization({ name, plan: 'enterprise' });
  const profile = await tenancy.createProfile({ name: 'Bench', email: `bench-${org.id}@example.com` });
  await tenancy.addMember(org.id, { profileId: profile.id, role: 'owner' });
  const key = await tenancy.createApiKey(profile.id, { name: 'bench', scopes: ['*'] });
  return { organizationId: org.id, key: key.key };
}

/** A customer row as seeds insert it in bulk (`Customer <i>`). */
export function customerRow(organizationId: string, id: string, i: number, now: string, email: string | null = null) {
  return {
    id,
    organization_id: organizationId,
    name: `Customer ${i}`,
    email,
    document: null,
    country: null,
    person_type: null,
    sale_price: null,
    stage_id: null,
    stage_order: null,
    created_at: now,
    updated_at: now,
  };
}

/** A pending chat row as seeds insert it in bulk. */
export function chatRow(
  ids: { organizationId: string; channelId: string; customerId: string; chatId: string },
  contact: string,
  now: string,
) {
  return {
    id: ids.chatId,
    organization_id: ids.organizationId,
    channel_id: ids.channelId,
    customer_id: ids.customerId,
    contact,
    status: 'pending',
    team_id: null,
    assignee_profile_id: null,
    collaborator_profile_ids: '[]',
    response_flow_id: null,
    created_at: now,
    updated_at: now,
    closed_at: null,
  };
}
