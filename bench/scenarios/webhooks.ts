/**
 * Webhook delivery: (a) the time from a `message.status_updated` event being committed to the
 * receiver getting it, with the queue idle (p50, p99); (b) sustained deliveries per second to one
 * receiver; (c) the cost the event log adds to a recording transaction for an organization without
 * endpoints. The receiver is a bare HTTP server on 127.0.0.1 that answers 200.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { benchDatabases, startService } from '../lib.js';
import type { Runtime } from '../../src/runtime.js';
import { TenancyService } from '../../src/modules/admin/tenancy.service.js';
import { EndpointsService } from '../../src/modules/webhooks/endpoints.service.js';
import type { Scenario } from './index.js';

const LATENCY_SAMPLES = Number(process.env.BENCH_WEBHOOK_SAMPLES ?? 200);
const THROUGHPUT_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 3000);
const WRITERS = 10;

class Receiver {
  private readonly arrivals = new Map<string, number>();
  private waiters: { count: number; resolve: () => void }[] = [];
  private server!: http.Server;

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        this.arrivals.set(String(req.headers['webhook-id']), performance.now());
        res.writeHead(200).end('ok');
        this.waiters = this.waiters.filter((w) => (this.arrivals.size >= w.count ? (w.resolve(), false) : true));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  arrivedAt(id: string): number | undefined {
    return this.arrivals.get(id);
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
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function recordStatus(runtime: Runtime, organizationId: string, messageId: string): Promise<string> {
  const { deps } = runtime;
  const event = await deps.db.transaction().execute((trx) =>
    deps.events.record(trx, { organizationId, type: 'message.status_updated', data: { message_id: messageId, status: 'delivered', timestamp: new Date().toISOString() } }),
  );
  return event.id;
}

async function queueEmpty(runtime: Runtime): Promise<void> {
  for (;;) {
    const row = await runtime.deps.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '!=', 'dead').executeTakeFirstOrThrow();
    if (Number(row.n) === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function parallel(total: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: WRITERS }, async () => {
    while (next < total) await fn(next++);
  }));
}

async function runOn(label: string, database: ReturnType<ReturnType<typeof benchDatabases>[number]['config']>): Promise<void> {
  const { runtime } = await startService(database);
  const receiver = new Receiver();
  const url = await receiver.start();
  try {
    const tenancy = new TenancyService(runtime.deps.db, runtime.deps.clock);
    const org = await tenancy.createOrganization({ name: `bench-webhooks-${Date.now()}`, plan: 'enterprise' });
    const quiet = await tenancy.createOrganization({ name: `bench-no-endpoints-${Date.now()}`, plan: 'enterprise' });
    await new EndpointsService(runtime.deps.db, runtime.deps.clock, true).create(org.id, { url, events: ['message.*'] });

    // (c) Recording cost for an organization without endpoints: no job is written at all.
    let started = performance.now();
    await parallel(THROUGHPUT_EVENTS, async (i) => void (await recordStatus(runtime, quiet.id, `quiet-${i}`)));
    const recordPerSecond = Math.round(THROUGHPUT_EVENTS / ((performance.now() - started) / 1000));
    await queueEmpty(runtime);

    // (a) Latency with the queue idle: one event at a time, waiting for it to arrive and settle.
    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const t0 = performance.now();
      const id = await recordStatus(runtime, org.id, `lat-${i}`);
      await receiver.waitFor(i + 1);
      latencies.push(receiver.arrivedAt(id)! - t0);
      await queueEmpty(runtime);
    }
    latencies.sort((a, b) => a - b);

    // (b) Sustained deliveries: events recorded by 10 writers as fast as they go, until all arrived.
    const before = LATENCY_SAMPLES;
    started = performance.now();
    await parallel(THROUGHPUT_EVENTS, async (i) => void (await recordStatus(runtime, org.id, `tp-${i}`)));
    const recordedIn = performance.now() - started;
    await receiver.waitFor(before + THROUGHPUT_EVENTS);
    const elapsed = performance.now() - started;

    console.log(`\n## webhooks on ${label}`);
    console.log('| measure | value |');
    console.log('|---|---|');
    console.log(`| event committed → receiver, queue idle, p50 (${LATENCY_SAMPLES} samples) | ${percentile(latencies, 50).toFixed(1)} ms |`);
    console.log(`| event committed → receiver, queue idle, p99 | ${percentile(latencies, 99).toFixed(1)} ms |`);
    console.log(`| sustained deliveries (${THROUGHPUT_EVENTS} events, ${WRITERS} writers, 1 endpoint) | ${Math.round(THROUGHPUT_EVENTS / (elapsed / 1000))} /s |`);
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
