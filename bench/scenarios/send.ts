/**
 * The send endpoint against its two baselines, on each database, at 50 connections:
 * - bare: a Fastify route answering a constant (bench/lib.ts);
 * - floor: what a durable send cannot avoid, in a tiny Fastify app on the same database: look up the
 *   API key by hash, insert a message row and a jobs (outbox) row in one transaction;
 * - send: POST /v1/messages/send on a sandbox channel of the real service.
 * Recipients cycle through RECIPIENTS distinct numbers whose customer and chat a warm-up created (a
 * business writing to its customers); a separate row sends to a new recipient every time (customer,
 * contact, chat and their events created in the request). The sandbox's delivered
 * and read callbacks are pushed past the run so the figure is the endpoint's own; a second send row
 * lets them fire (1 s / 2 s) so the worker's callback processing competes for the same database.
 * The per-plan limit is lifted for the run (the limiter still counts every request). The load comes
 * from a separate process (bench/load-generator.ts), so the service has its event loop to itself.
 *
 * The same rows are then set against the outside baselines (bench/outside-floor.ts): a bare
 * `node:http` server and the floor written on the raw driver, each in a process of its own. Those are
 * the honest ratios: the in-service floor shares the service's process and so flatters it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config.js';
import type { DB } from '../../src/db/schema.js';
import { PLAN_SEND_LIMITS } from '../../src/http/rate-limit.js';
import { newId } from '../../src/lib/ids.js';
import { hashApiKey } from '../../src/access/api-keys.js';
import {
  benchDatabases,
  load,
  seedBenchOrganization,
  printTable,
  startService,
  withBareFastify,
  type GeneratorOptions,
  type LoadResult,
} from '../lib.js';
import type { Services } from '../../src/modules/services.js';
import { knownRecipient } from '../requests.js';
import type { Scenario } from '../lib.js';
import type { FloorTarget } from '../outside-floor.js';

const RECIPIENTS = 1000;

export async function seed(services: Services) {
  const { channels } = services;
  const { organizationId, key } = await seedBenchOrganization(services);
  const quiet = await channels.create(organizationId, {
    kind: 'whatsapp_zapi',
    name: 'quiet',
    config: { sandbox: true, deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 },
  });
  const live = await channels.create(organizationId, { kind: 'whatsapp_zapi', name: 'live', config: { sandbox: true } });
  return { organizationId, key, quietChannel: quiet.id, liveChannel: live.id };
}

/** The floor route, on the service's own database handle (same pool, same file). */
export async function withFloor<T>(
  db: Kysely<DB>,
  organizationId: string,
  channelId: string,
  chatId: string,
  fn: (url: string) => Promise<T>,
): Promise<T> {
  const app = Fastify({ logger: false });
  app.post('/floor', async (request, reply) => {
    const key = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const found = await db.selectFrom('api_keys').select(['id', 'profile_id']).where('key_hash', '=', hashApiKey(key)).executeTakeFirst();
    if (!found) return reply.code(401).send({ success: false });
    const id = newId();
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('messages')
        .values({
          id,
          organization_id: organizationId,
          chat_id: chatId,
          channel_id: channelId,
          direction: 'outbound',
          recipient: '5511987654321',
          type: 'text',
          content: JSON.stringify({ text: 'floor' }),
          status: 'pending',
          provider_message_id: null,
          error_code: null,
          error_message: null,
          sequence_id: null,
          sequence_index: null,
          temp_id: null,
          sender_profile_id: found.profile_id,
          created_at: now,
          updated_at: now,
        })
        .execute();
      // An outbox row the worker leaves alone (due tomorrow), so the floor measures only the writes.
      await trx
        .insertInto('jobs')
        .values({
          id: newId(),
          organization_id: organizationId,
          type: 'bench.floor',
          payload: JSON.stringify({ id }),
          status: 'queued',
          attempts: 0,
          max_attempts: 1,
          run_at: later,
          locked_by: null,
          locked_until: null,
          last_error: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
    return reply.code(201).send({ success: true, data: { id } });
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await fn(`${url}/floor`);
  } finally {
    await app.close();
  }
}

/** Runs bench/outside-floor.ts (`bare`, or `mode` on `target`) in its own process around `fn`. */
export async function withOutsideProcess<T>(
  target: FloorTarget | 'bare',
  fn: (url: string) => Promise<T>,
  mode: 'floor' | 'read' = 'floor',
): Promise<T> {
  const args = target === 'bare' ? ['bare'] : [mode, JSON.stringify(target)];
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/outside-floor.ts', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  const url = await new Promise<string>((resolve, reject) => {
    let printed = '';
    child.stdout.on('data', (data) => {
      printed += String(data);
      const match = /listening (\S+)/.exec(printed);
      if (match) resolve(match[1]!);
    });
    void exited.then(([code]) => reject(new Error(`bench/outside-floor.ts ${args[0]} exited (${code}) before listening`)));
  });
  try {
    return await fn(url);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** Recipients never used start here; each load of new recipients takes the next million. */
let firstNew = 0;

function sends(channelId: string, everyoneNew = false): GeneratorOptions['requests'] {
  if (!everyoneNew) return { factory: 'sendRequests', args: [channelId, RECIPIENTS] };
  firstNew += 1_000_000;
  return { factory: 'sendRequests', args: [channelId, 0, firstNew] };
}

/**
 * PostgreSQL: a database of our own, created and dropped around the run, so other work on the
 * server (tests, other scenarios clearing tables) neither disturbs the figures nor is disturbed.
 */
export async function ownDatabase(config: DatabaseConfig): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  if (config.dialect !== 'postgres') return { config, drop: async () => undefined };
  const name = `conversa_bench_send_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(config.url);
  url.pathname = `/${name}`;
  return { config: { ...config, url: url.toString() }, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** One send to each of the RECIPIENTS numbers, ten at a time. */
export async function prime(url: string, headers: Record<string, string>, channelId: string): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < RECIPIENTS) {
      const to = knownRecipient(next++);
      const response = await fetch(`${url}/v1/messages/send`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ channel_id: channelId, to, type: 'text', content: { text: 'warm-up' } }),
      });
      if (response.status !== 201) throw new Error(`warm-up send failed: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
}

export const sendScenario: Scenario = {
  name: 'send',
  description: 'POST /v1/messages/send on a sandbox channel vs a bare route and the durable floor (key lookup + message + outbox row)',
  async run() {
    const lifted = { ...PLAN_SEND_LIMITS };
    for (const plan of Object.keys(PLAN_SEND_LIMITS)) PLAN_SEND_LIMITS[plan] = 1_000_000_000;
    try {
      for (const { label, config } of benchDatabases()) {
        const database = await ownDatabase(config());
        const { runtime, url } = await startService(database.config);
        try {
          const seeded = await seed(runtime.services);
          const headers = { authorization: `Bearer ${seeded.key}` };
          const warm = await fetch(`${url}/v1/messages/send`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ channel_id: seeded.quietChannel, to: '5511987654321', type: 'text', content: { text: 'warm-up' } }),
          });
          const chatId = ((await warm.json()) as { data: { chat_id: string } }).data.chat_id;

          const bare = await withBareFastify((bareUrl) => load('bare Fastify route', { url: bareUrl, method: 'POST', body: '{}' }));
          const floor = await withFloor(runtime.deps.db, seeded.organizationId, seeded.quietChannel, chatId, async (floorUrl) => {
            await load('warm-up', { url: floorUrl, method: 'POST', headers, body: '{}', durationSeconds: 1 });
            return load('floor (key lookup + message + outbox, 1 tx)', { url: floorUrl, method: 'POST', headers, body: '{}' });
          });
          // Creates the customer and chat of every recipient (and warms the JIT). The live channel is
          // primed only before its own row: its callbacks would otherwise fire during the others.
          await prime(url, headers, seeded.quietChannel);
          const send = await load('POST /v1/messages/send (sandbox, known recipients)', {
            url,
            headers,
            requests: sends(seeded.quietChannel),
          });
          const fresh = await load('send, every recipient new (customer + chat created)', {
            url,
            headers,
            requests: sends(seeded.quietChannel, true),
          });
          await prime(url, headers, seeded.liveChannel);
          const live = await load('send, sandbox callbacks firing (1 s / 2 s)', { url, headers, requests: sends(seeded.liveChannel) });
          const outsideBare = await withOutsideProcess('bare', (bareUrl) =>
            load('outside: bare node:http (own process)', { url: bareUrl, method: 'POST', body: '{}' }),
          );
          const target: FloorTarget = {
            dialect: database.config.dialect,
            database: database.config.dialect === 'sqlite' ? database.config.file : database.config.url,
            organizationId: seeded.organizationId,
            channelId: seeded.quietChannel,
            chatId,
          };
          const outsideFloor = await withOutsideProcess(target, async (floorUrl) => {
            await load('warm-up', { url: floorUrl, method: 'POST', headers, body: '{}', durationSeconds: 1 });
            return load('outside: floor on the raw driver (own process)', { url: floorUrl, method: 'POST', headers, body: '{}' });
          });
          const seconds = process.env.BENCH_SECONDS ?? 5;
          printTable(`send on ${label} (50 connections, ${seconds} s each)`, bare, [floor, send, fresh, live]);
          printTable(`send on ${label} against the outside baselines (same run)`, outsideBare, [outsideFloor, send, fresh, live]);
          const ratios = (base: LoadResult) => {
            const ratio = (row: LoadResult) => (row.requestsPerSecond / base.requestsPerSecond).toFixed(2);
            return `known recipients ${ratio(send)} (target >= 1.0), every recipient new ${ratio(fresh)} (>= 0.6), callbacks firing ${ratio(live)} (>= 0.7)`;
          };
          console.log(`send / in-service floor: ${ratios(floor)}; send p99 / p50 ${(send.p99Ms / send.p50Ms).toFixed(1)} (< 4)`);
          console.log(`send / outside floor: ${ratios(outsideFloor)}`);
        } finally {
          await runtime.close(10_000);
          await database.drop();
        }
      }
    } finally {
      Object.assign(PLAN_SEND_LIMITS, lifted);
    }
  },
};
