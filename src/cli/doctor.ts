/**
 * `conversa doctor`: checks a deployment from the machine it runs on, with the configuration the
 * service would read, and says what to fix: the database reachable and migrated to the latest
 * migration, Redis reachable when REDIS_URL is set, the service answering at PUBLIC_URL/healthz, and
 * every connected non-sandbox channel's credentials complete enough to build its provider.
 * Exit code 1 when a check fails; `--json` prints the report as JSON alone on stdout.
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import { sql } from 'kysely';
import { ConfigError, type Config } from '../config.js';
import { openDatabase, type Database$ } from '../db/connection.js';
import { migrator } from '../db/migrate.js';
import { isSandbox, providerFor } from '../channels/registry.js';
import { fromJson } from '../lib/json.js';

export interface DoctorCheck {
  name: string;
  status: 'ok' | 'fail' | 'skipped';
  detail: string;
  /** What to do about a failed check. */
  fix?: string;
}

const TIMEOUT_MS = 3000;
const refuseFetch: typeof fetch = () => Promise.reject(new Error('no network while checking a channel config'));

async function databaseChecks(config: Config): Promise<{ checks: DoctorCheck[]; database?: Database$ }> {
  const where = config.database.dialect === 'sqlite' ? config.database.file : config.database.url.replace(/:[^:@/]*@/, ':***@');
  if (config.database.dialect === 'sqlite' && config.database.file !== ':memory:' && !fs.existsSync(config.database.file)) {
    const fix = 'start the service once (npm start) or run `conversa migrate`; or point DATABASE_URL at the existing file';
    return { checks: [{ name: 'database', status: 'fail', detail: `${where} does not exist`, fix }] };
  }
  const database = openDatabase(config.database);
  try {
    await Promise.race([sql`select 1`.execute(database.db), timeout('the database did not answer')]);
  } catch (err) {
    await database.close().catch(() => undefined);
    const fix = 'check DATABASE_URL (host, port, credentials, database name) and that the server is running';
    return { checks: [{ name: 'database', status: 'fail', detail: `${where}: ${message(err)}`, fix }] };
  }
  const migrations = await migrator(database.db as never).getMigrations();
  const pending = migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
  const latest = migrations.at(-1)?.name ?? 'none';
  const migrated: DoctorCheck = pending.length
    ? {
        name: 'migrations',
        status: 'fail',
        detail: `pending: ${pending.join(', ')}`,
        fix: 'run `conversa migrate` (serve also migrates at start)',
      }
    : { name: 'migrations', status: 'ok', detail: `at the latest, ${latest}` };
  return { checks: [{ name: 'database', status: 'ok', detail: `${config.database.dialect} ${where}` }, migrated], database };
}

async function redisCheck(config: Config): Promise<DoctorCheck> {
  if (!config.redisUrl)
    return { name: 'redis', status: 'skipped', detail: 'REDIS_URL is not set (rate-limit counters in memory, one process)' };
  // Loaded here, not at the top: every `conversa` command (serve included) imports this file.
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: TIMEOUT_MS,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return { name: 'redis', status: 'ok', detail: 'answers PING' };
  } catch (err) {
    return {
      name: 'redis',
      status: 'fail',
      detail: message(err),
      fix: 'check REDIS_URL and that Redis is running and reachable from here',
    };
  } finally {
    redis.disconnect();
  }
}

async function publicUrlCheck(config: Config): Promise<DoctorCheck> {
  const url = `${config.publicUrl}/healthz`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = (await response.json().catch(() => undefined)) as { status?: string } | undefined;
    if (response.status === 200 && body?.status === 'ok') return { name: 'public_url', status: 'ok', detail: `${url} answers` };
    return {
      name: 'public_url',
      status: 'fail',
      detail: `${url} answered ${response.status}, not Conversa's health check`,
      fix: 'PUBLIC_URL must be the address of this service (providers send their callbacks there)',
    };
  } catch (err) {
    return {
      name: 'public_url',
      status: 'fail',
      detail: `${url}: ${message(err)}`,
      fix: 'start the service (npm start), and set PUBLIC_URL to the address providers reach it at (it defaults to http://HOST:PORT)',
    };
  }
}

async function channelsCheck(database: Database$): Promise<DoctorCheck> {
  // Every organization's channels: the doctor is an operator's tool, like the admin API.
  const rows = await database.db
    .selectFrom('channels')
    .select(['id', 'organization_id', 'kind', 'name', 'config', 'status', 'active'])
    .execute();
  const live = rows.filter((row) => row.status === 'connected' && Boolean(row.active));
  const real = live.filter((row) => !isSandbox(fromJson<Record<string, unknown>>(row.config as string, {})));
  const broken = real.flatMap((row) => {
    try {
      providerFor(
        { kind: row.kind, config: fromJson<Record<string, unknown>>(row.config as string, {}) },
        { fetch: refuseFetch, fetchMedia: refuseFetch },
      );
      return [];
    } catch (err) {
      return [`${row.kind} "${row.name}" (${row.id}, organization ${row.organization_id}): ${message(err)}`];
    }
  });
  if (broken.length === 0)
    return {
      name: 'channels',
      status: 'ok',
      detail: `${real.length} connected provider channel(s) configured, ${live.length - real.length} sandbox`,
    };
  return {
    name: 'channels',
    status: 'fail',
    detail: broken.join('; '),
    fix: 'complete each channel\'s config with PATCH /admin/v1/organizations/{orgId}/channels/{channelId} (docs/providers.md lists each kind\'s fields), or set it "disconnected"',
  };
}

export async function runDoctor(config: Config): Promise<DoctorCheck[]> {
  const { checks, database } = await databaseChecks(config);
  try {
    checks.push(await redisCheck(config), await publicUrlCheck(config));
    checks.push(database ? await channelsCheck(database) : { name: 'channels', status: 'skipped', detail: 'needs the database' });
  } finally {
    await database?.close();
  }
  return checks;
}

function timeout(text: string): Promise<never> {
  return new Promise((_resolve, reject) => setTimeout(() => reject(new Error(text)), TIMEOUT_MS).unref());
}

function message(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length) return message(err.errors[0]);
  const cause = (err as { cause?: unknown }).cause;
  const text = err instanceof Error ? err.message || err.name : String(err);
  return cause instanceof Error && cause.message ? `${text} (${cause.message})` : text;
}

function printReport(checks: DoctorCheck[]): void {
  for (const check of checks) {
    console.log(`${check.status === 'ok' ? 'ok  ' : check.status === 'fail' ? 'FAIL' : 'skip'}  ${check.name.padEnd(11)} ${check.detail}`);
    if (check.fix) console.log(`      ${''.padEnd(11)} fix: ${check.fix}`);
  }
}

export function registerDoctorCommand(program: Command, loadConfig: () => Config): void {
  program
    .command('doctor')
    .description(
      'Check this deployment: database reachable and migrated, Redis reachable (when REDIS_URL is set), ' +
        "the service answering at PUBLIC_URL/healthz, connected channels' credentials; prints what to fix, exits 1 on a failure",
    )
    .option('--json', 'print the report as JSON alone on stdout')
    .addHelpText('after', '\nExamples:\n  conversa doctor\n  conversa doctor --json | jq \'.checks[] | select(.status == "fail")\'\n')
    .action(async (opts: { json?: boolean }) => {
      let checks: DoctorCheck[];
      try {
        checks = await runDoctor(loadConfig());
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        checks = [{ name: 'config', status: 'fail', detail: err.message, fix: `correct ${err.variable} (README, Configuration)` }];
      }
      const ok = checks.every((c) => c.status !== 'fail');
      if (opts.json) console.log(JSON.stringify({ ok, checks }, null, 2));
      else printReport(checks);
      process.exitCode = ok ? 0 : 1;
    });
}
