/**
 * The scaled shape under a crash (README "Running scaled"): two API processes (`WORKER=off`) and two
 * `conversa worker` processes on one PostgreSQL, rate limits in Redis. A steady load of sends with
 * idempotency keys goes to both API processes (sandbox channel); midway one API process and one
 * worker are killed with SIGKILL and restarted; the client retries what failed with the same keys.
 * Then: every key is stored exactly once, every message reaches its final status (`read`), every
 * (message, status) event reaches the webhook receiver at least once under one stable `webhook-id`,
 * and a starter organization gets exactly its 60 sends a minute across both API processes.
 * Prints the figures. PostgreSQL + Redis only (as CI has them): skipped, saying so, without them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openDatabase } from '../../src/db/connection.js';
import { WebhookReceiver } from '../fakes/webhook-receiver.js';
import { createTestDatabase, POSTGRES_URL } from '../support/databases.js';
import { startServe, startWorkerProcess, type ConversaProcess } from '../support/serve-process.js';

const REDIS_URL = process.env.TEST_REDIS_URL?.trim() || undefined;
const ADMIN = 'scale-out-admin-token-0123456789';
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
/** The load: this many sends, one every INTERVAL_MS, alternating between the API processes; the kill after half. */
const SENDS = 150;
const INTERVAL_MS = 20;
/** The starter organization's probe: more sends than its plan allows in a minute, across both processes. */
const PROBE_SENDS = 80;
const STARTER_LIMIT = 60;

const skip =
  POSTGRES_URL && REDIS_URL
    ? false
    : 'scale-out crash test skipped: it needs PostgreSQL and Redis (set TEST_DATABASE_URL and TEST_REDIS_URL, as CI does)';

interface Answer {
  /** 0: no answer (connection refused or cut). */
  status: number;
  replayed: boolean;
  json: any;
}

async function call(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  try {
    const response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true', json: await response.json() };
  } catch {
    return { status: 0, replayed: false, json: undefined };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await sleep(100);
  }
}

/** An organization with an owner, an all-scopes key, a fast sandbox channel and a webhook to `receiver`, through the admin API. */
async function organization(adminUrl: string, plan: string, receiver: WebhookReceiver) {
  const admin = async (path: string, body: unknown) => {
    const answer = await call(`${adminUrl}/admin/v1${path}`, 'POST', { authorization: `Bearer ${ADMIN}` }, body);
    assert.equal(answer.status, 201, `${path}: ${JSON.stringify(answer.json)}`);
    return answer.json.data;
  };
  const org = await admin('/organizations', { name: `Scale ${plan}`, plan });
  const profile = await admin('/profiles', { name: 'Loader', email: `loader-${org.id}@example.com` });
  await admin(`/organizations/${org.id}/members`, { profileId: profile.id, role: 'owner' });
  const key = await admin(`/profiles/${profile.id}/api-keys`, { name: 'load', scopes: ['*'] });
  const channel = await admin(`/organizations/${org.id}/channels`, {
    kind: 'whatsapp_official',
    name: 'Sandbox',
    config: { sandbox: true, deliverAfterMs: 100, readAfterMs: 200 },
  });
  await admin(`/organizations/${org.id}/webhooks`, { url: receiver.url, events: ['message.status_updated'], secret: SECRET });
  return { id: org.id as string, key: key.key as string, channelId: channel.id as string };
}

describe('scale-out crash: 2 API processes and 2 workers on PostgreSQL + Redis, one of each SIGKILLed under load', { skip }, () => {
  it('stores every accepted send once, finishes every message, delivers every status event, holds the plan limit', async () => {
    const database = await createTestDatabase('postgres');
    const db = openDatabase(database.config).db;
    const receiver = await WebhookReceiver.start();
    receiver.secret = SECRET;
    const env = {
      DATABASE_URL: database.config.dialect === 'postgres' ? database.config.url : '',
      REDIS_URL: REDIS_URL!,
      ADMIN_TOKEN: ADMIN,
      SEED_DEMO: 'false',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      // Short leases so the killed processes' work moves within a second or two (production: 15 s).
      JOB_LEASE_MS: '1500',
      IDEMPOTENCY_STALE_MS: '1000',
      SEND_TIMEOUT_MS: '1000',
      SEND_HANDOVER_MARGIN_MS: '500',
      WEBHOOK_RETRY_SCHEDULE_MS: '200,500,1000,1000,1000,1000,1000,1000',
      DATABASE_POOL_SIZE: '5',
    };
    const processes: ConversaProcess[] = [];
    const started = (process: ConversaProcess) => (processes.push(process), process);
    const api = () => started(startServe({ ...env, WORKER: 'off' }));
    const worker = () => started(startWorkerProcess(env));
    try {
      const testStarted = performance.now();
      // The test database is a clone of a migrated template: all four start at once.
      let api1 = api();
      const api2 = api();
      let worker1 = worker();
      const worker2 = worker();
      const urls = await Promise.all([api1.listening, api2.listening, worker1.listening, worker2.listening]);

      const loaded = await organization(urls[0], 'enterprise', receiver);
      const starter = await organization(urls[0], 'starter', receiver);
      const sendAs = (org: typeof loaded, url: string, key: string) =>
        call(
          `${url}/v1/messages/send`,
          'POST',
          { authorization: `Bearer ${org.key}`, 'idempotency-key': key },
          { channel_id: org.channelId, to: '5511987654321', type: 'text', content: { text: key } },
        );

      // The starter plan's limit holds across both API processes (the counter is in Redis).
      const probe: Answer[] = [];
      for (let wave = 0; wave < PROBE_SENDS; wave += 10) {
        const sends = Array.from({ length: 10 }, (_, k) => sendAs(starter, urls[(wave + k) % 2]!, `probe-${wave + k}`));
        probe.push(...(await Promise.all(sends)));
      }
      const probeAccepted = probe.filter((a) => a.status === 201).length;
      assert.equal(probeAccepted, STARTER_LIMIT, `starter: ${probe.map((a) => a.status).join(',')}`);
      assert.equal(probe.filter((a) => a.status === 429).length, PROBE_SENDS - STARTER_LIMIT);

      // The load, and the kill in its middle.
      const accepted = new Map<string, Answer>();
      const unanswered = new Set<string>();
      const retriedKeys = new Set<string>();
      const note = (key: string, answer: Answer) => {
        if (answer.status === 201) {
          accepted.set(key, answer);
          unanswered.delete(key);
        } else if (answer.status === 0 || answer.status === 409 || answer.status >= 500) {
          unanswered.add(key);
          retriedKeys.add(key);
        } else assert.fail(`${key}: unexpected ${answer.status} ${JSON.stringify(answer.json)}`);
      };
      const inFlight: Promise<void>[] = [];
      const loadStarted = performance.now();
      let restarted: Promise<number> | undefined;
      for (let i = 0; i < SENDS; i++) {
        if (i === SENDS / 2) {
          const killedAt = performance.now();
          api1.child.kill('SIGKILL');
          worker1.child.kill('SIGKILL');
          await Promise.all([api1.exited, worker1.exited]);
          api1 = api();
          worker1 = worker();
          restarted = Promise.all([api1.listening.then((url) => (urls[0] = url)), worker1.listening]).then(
            () => performance.now() - killedAt,
          );
        }
        const key = `load-${i}`;
        inFlight.push(sendAs(loaded, urls[i % 2]!, key).then((answer) => note(key, answer)));
        await sleep(INTERVAL_MS);
      }
      await Promise.all(inFlight);
      const loadEnded = performance.now();
      const restartMs = await restarted!;

      // The client retries what failed, with the same keys, until each has its answer.
      let turn = 0;
      await until(
        async () => {
          await Promise.all([...unanswered].map((key) => sendAs(loaded, urls[turn++ % 2]!, key).then((answer) => note(key, answer))));
          return unanswered.size === 0;
        },
        30_000,
        () => `answers for ${[...unanswered].join(', ')}`,
      );
      const answeredAt = performance.now();

      // Drain: every message final, every status event at the receiver.
      const orgIds = [loaded.id, starter.id];
      const statusEvents = () =>
        db
          .selectFrom('events')
          .select(['id', 'payload'])
          .where('type', '=', 'message.status_updated')
          .where('organization_id', 'in', orgIds)
          .execute();
      const messages = () => db.selectFrom('messages').select(['id', 'content', 'status']).where('organization_id', 'in', orgIds).execute();
      let waitingFor = '';
      await until(
        async () => {
          const notRead = (await messages()).filter((m) => m.status !== 'read').length;
          const received = new Set(receiver.valid.map((r) => r.webhookId));
          const undelivered = (await statusEvents()).filter((e) => !received.has(e.id)).length;
          waitingFor = `${notRead} messages not read, ${undelivered} status events not delivered`;
          return notRead === 0 && undelivered === 0;
        },
        30_000,
        () => waitingFor,
      );
      const drainedAt = performance.now();

      // Every key stored exactly once, and its answer names that message.
      const stored = await messages();
      const byKey = new Map<string, string[]>();
      for (const m of stored) {
        const key = JSON.parse(m.content).text as string;
        byKey.set(key, [...(byKey.get(key) ?? []), m.id]);
      }
      assert.equal(accepted.size, SENDS);
      for (const [key, answer] of accepted) {
        assert.deepEqual(byKey.get(key), [answer.json.data.id], `${key}: stored once, the answer's message`);
      }
      assert.equal(stored.length, SENDS + STARTER_LIMIT, 'nothing else stored (a refused probe stores nothing)');

      // One event per (message, status), each delivered at least once, always under its one webhook-id.
      const events = (await statusEvents()).map((e) => ({
        id: e.id,
        ...(JSON.parse(e.payload) as { message_id: string; status: string }),
      }));
      const eventIds = new Map<string, string[]>();
      for (const e of events) eventIds.set(`${e.message_id}/${e.status}`, [...(eventIds.get(`${e.message_id}/${e.status}`) ?? []), e.id]);
      for (const m of stored) {
        // `delivered` may be skipped: a `read` report that is applied first moves the message past it.
        for (const status of ['sent', 'read'])
          assert.equal(eventIds.get(`${m.id}/${status}`)?.length, 1, `one ${status} event for ${m.id}`);
      }
      for (const [pair, ids] of eventIds) assert.equal(ids.length, 1, `${pair}: one event`);
      const deliveredIds = new Map<string, Set<string>>();
      for (const r of receiver.valid) {
        const pair = `${r.body.data.message_id}/${r.body.data.status}`;
        deliveredIds.set(pair, (deliveredIds.get(pair) ?? new Set()).add(r.webhookId));
      }
      for (const [pair, ids] of eventIds)
        assert.deepEqual([...(deliveredIds.get(pair) ?? [])], ids, `${pair}: delivered under its event id`);
      assert.equal(receiver.received.length, receiver.valid.length, 'every delivery signed');

      const distinct = new Set(receiver.valid.map((r) => r.webhookId)).size;
      const figures = {
        sends: SENDS,
        accepted: accepted.size,
        retried: retriedKeys.size,
        replayedOnRetry: [...retriedKeys].filter((key) => accepted.get(key)?.replayed).length,
        stored: stored.length - STARTER_LIMIT,
        starterAccepted: probeAccepted,
        starterLimited: PROBE_SENDS - probeAccepted,
        statusEvents: events.length,
        deliveredSkipped: stored.filter((m) => !eventIds.has(`${m.id}/delivered`)).length,
        delivered: receiver.valid.length,
        duplicateDeliveries: receiver.valid.length - distinct,
        startupMs: Math.round(loadStarted - testStarted),
        loadMs: Math.round(loadEnded - loadStarted),
        restartMs: Math.round(restartMs),
        // From the load's last answer: the restarted processes, the client's retries, the workers' backlog.
        retriesDoneMs: Math.round(answeredAt - loadEnded),
        drainMs: Math.round(drainedAt - loadEnded),
      };
      console.log(`scale-out crash figures: ${JSON.stringify(figures)}`);
    } finally {
      for (const process of processes) process.child.kill('SIGKILL');
      await Promise.all(processes.map((p) => p.exited));
      await db.destroy();
      await receiver.close();
      await database.drop();
    }
  });
});
