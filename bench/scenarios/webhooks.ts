/**
 * Webhook delivery: (a) the time from a provider's status callback (`POST /channels/{id}/webhook`,
 * sandbox) to the customer's receiver getting `message.status_updated`, with the queue idle (p50,
 * p99): callback stored, processed by a job, status applied with its event, delivered by a job;
 * (b) sustained deliveries per second to one receiver, events recorded by 10 writers; (c) event-
 * recording transactions per second for an organization without endpoints (no job is written).
 * The receiver is a bare HTTP server on 127.0.0.1 that answers 200.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { benchDatabases, startService } from '../lib.js';
import type { Runtime } from '../../src/runtime.js';
import type { Scenario } from '../lib.js';

const LATENCY_SAMPLES = Number(process.env.BENCH_WEBHOOK_SAMPLES ?? 200);
const THROUGHPUT_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 3000);
const WRITERS = 10;

class Receiver {
  private readonly arrivals = new Map<string, number>();
  private waiters: { count: number; resolve: () => void }[] = [];
  private server!: http.Server;

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { message_id: string; status: string } };
        this.arrivals.set(`${body.data.message_id}:${body.data.status}`, performance.now());
        res.writeHead(200).end('ok');
        this.waiters = this.waiters.filter((w) => (this.arrivals.size >= w.count ? (w.resolve(), false) : true));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  arrivedAt(key: string): number | undefined {
    return this.arrivals.get(key);
  }

  get count(): number {
    return this.arrivals.size;
  }

  waitFor(count: number): Promise<void> {
    if (this.arrivals.size >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function recordStatus(runtime: Runtime, organizationId: string, messageId: string): Promise<void> {
  const { deps } = runtime;
  await deps.db.transaction().execute((trx) =>
    deps.events.record(trx, {
      organizationId,
      type: 'message.status_updated',
      data: { message_id: messageId, status: 'delivered', timestamp: new Date().toISOString() },
    }),
  );
}

/** No job runnable or running (the sandbox's own far-future callbacks do not count). */
async function queueIdle(runtime: Runtime): Promise<void> {
  for (;;) {
    const now = new Date().toISOString();
    const row = await runtime.deps.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)])]))
      .executeTakeFirstOrThrow();
    if (Number(row.n) === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function parallel(total: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < total) await fn(next++);
    }),
  );
}

async function runOn(label: string, database: ReturnType<ReturnType<typeof benchDatabases>[number]['config']>): Promise<void> {
  const { runtime, url: serviceUrl } = await startService(database);
  const receiver = new Receiver();
  const url = await receiver.start();
  try {
    const { db } = runtime.deps;
    const { tenancy, channels } = runtime.services;
    const org = await tenancy.createOrganization({ name: `bench-webhooks-${Date.now()}`, plan: 'enterprise' });
    const quiet = await tenancy.createOrganization({ name: `bench-no-endpoints-${Date.now()}`, plan: 'enterprise' });
    const profile = await tenancy.createProfile({ name: 'bench', email: `bench-${org.id}@example.com` });
    await tenancy.addMember(org.id, { profileId: profile.id, role: 'owner' });
    const key = await tenancy.createApiKey(profile.id, { name: 'bench', scopes: ['*'] });
    // The sandbox's own delivered/read reports are pushed an hour out: the benchmark sends its own callbacks.
    const channel = await channels.create(org.id, {
      kind: 'whatsapp_official',
      name: 'bench',
      config: { sandbox: true, deliverAfterMs: 3_600_000, readAfterMs: 7_200_000 },
    });
    await runtime.services.webhookEndpoints.create(org.id, { url, events: ['message.*'] });

    // (c) Recording cost for an organization without endpoints: no job is written at all.
    let started = performance.now();
    await parallel(THROUGHPUT_EVENTS, async (i) => recordStatus(runtime, quiet.id, `quiet-${i}`));
    const recordPerSecond = Math.round(THROUGHPUT_EVENTS / ((performance.now() - started) / 1000));
    await queueIdle(runtime);

    // (a) Provider callback → receiver, one at a time with the queue idle.
    const messages: { id: string; providerId: string }[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const res = await fetch(`${serviceUrl}/v1/messages/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ channel_id: channel.id, to: `+55119876${String(50000 + i)}`, type: 'text', content: { text: 'bench' } }),
      });
      const { data } = (await res.json()) as { data: { id: string } };
      const row = await db.selectFrom('messages').select('provider_message_id').where('id', '=', data.id).executeTakeFirstOrThrow();
      messages.push({ id: data.id, providerId: row.provider_message_id! });
    }
    await receiver.waitFor(LATENCY_SAMPLES);
    await queueIdle(runtime);
    const latencies: number[] = [];
    for (const message of messages) {
      const arrived = receiver.count;
      const t0 = performance.now();
      const res = await fetch(`${serviceUrl}/channels/${channel.id}/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'status', message_id: message.providerId, status: 'delivered', timestamp: new Date().toISOString() }),
      });
      if (res.status !== 200) throw new Error(`callback answered ${res.status}: ${await res.text()}`);
      await receiver.waitFor(arrived + 1);
      latencies.push(receiver.arrivedAt(`${message.id}:delivered`)! - t0);
      await queueIdle(runtime);
    }
    latencies.sort((a, b) => a - b);

    // (b) Sustained deliveries: events recorded by 10 writers as fast as they go, until all arrived.
    const before = receiver.count;
    started = performance.now();
    await parallel(THROUGHPUT_EVENTS, async (i) => recordStatus(runtime, org.id, `tp-${i}`));
    const recordedIn = performance.now() - started;
    await receiver.waitFor(before + THROUGHPUT_EVENTS);
    const elapsed = performance.now() - started;

    console.log(`\n## webhooks on ${label}`);
    console.log('| measure | value |');
    console.log('|---|---|');
    console.log(
      `| provider status callback → receiver, queue idle, p50 (${LATENCY_SAMPLES} samples) | ${percentile(latencies, 50).toFixed(1)} ms |`,
    );
    console.log(`| provider status callback → receiver, queue idle, p99 | ${percentile(latencies, 99).toFixed(1)} ms |`);
    console.log(
      `| sustained deliveries (${THROUGHPUT_EVENTS} events, ${WRITERS} writers, 1 endpoint) | ${Math.round(THROUGHPUT_EVENTS / (elapsed / 1000))} /s |`,
    );
    console.log(`| events recorded meanwhile | ${Math.round(THROUGHPUT_EVENTS / (recordedIn / 1000))} /s |`);
    console.log(`| event-recording transactions, org without endpoints | ${recordPerSecond} /s |`);
  } finally {
    await receiver.close();
    await runtime.close();
  }
}

export const webhooksScenario: Scenario = {
  name: 'webhooks',
  description: 'event → signed webhook latency with the queue idle, and sustained deliveries per second',
  async run() {
    for (const database of benchDatabases()) await runOn(database.label, database.config());
  },
};
