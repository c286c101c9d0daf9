/**
 * Realtime: the time from an event's commit to its arrival on N open streams of its organization
 * (`GET /api/{organizationId}/events/stream`), p50/p99 over every (event, stream) pair. Events are
 * recorded one at a time, as modules record them (`deps.events.record` in a transaction), the next
 * once every stream has the previous one; the clients run in a process of their own
 * (bench/stream-clients.ts). On PostgreSQL the stream is woken by LISTEN/NOTIFY, on SQLite in process.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { EventPayloads, EventType } from '../../src/event-log/catalogue.js';
import type { Runtime } from '../../src/runtime.js';
import { benchDatabases, startService } from '../lib.js';
import type { Scenario } from '../lib.js';

const SAMPLES = Number(process.env.BENCH_STREAM_EVENTS ?? 200);
const STREAM_COUNTS = (process.env.BENCH_STREAMS ?? '1,10,100').split(',').map(Number);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Starts the clients; resolves once all `streams` have their ready event. */
async function openClients(url: string, key: string, streams: number) {
  const script = fileURLToPath(new URL('../stream-clients.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify({ url, headers: { 'x-api-key': key }, streams })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const waiting = new Map<number, (at: number[]) => void>();
  let onReady: () => void;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  lines.on('line', (line) => {
    if (line === 'ready') return onReady();
    const { n, at } = JSON.parse(line) as { n: number; at: number[] };
    waiting.get(n)?.(at);
    waiting.delete(n);
  });
  await ready;
  return {
    /** Resolves with the arrival times once every stream has event `n`. */
    arrivals: (n: number) => new Promise<number[]>((resolve) => waiting.set(n, resolve)),
    close: () => child.kill(),
  };
}

async function record(runtime: Runtime, organizationId: string, n: number): Promise<number> {
  const { deps } = runtime;
  await deps.db.transaction().execute((trx) =>
    deps.events.record(trx, {
      organizationId,
      type: 'customer.updated' as EventType,
      data: { n } as unknown as EventPayloads[EventType],
    }),
  );
  return performance.timeOrigin + performance.now();
}

export const eventStreamScenario: Scenario = {
  name: 'event-stream',
  description: 'event commit → received on N open server-sent-event streams of the organization (p50/p99)',
  async run() {
    console.log('| database | open streams | events | p50 ms | p99 ms | max ms |');
    console.log('|---|---|---|---|---|---|');
    for (const { label, config } of benchDatabases()) {
      // Every stream is opened with the one bench key: a console opens one per agent, each with its
      // own session, so the per-credential limit (10) is lifted as the per-organization one is.
      const { runtime, url } = await startService(config(), { EVENT_STREAM_MAX_PER_ORG: '1000', EVENT_STREAM_MAX_PER_CREDENTIAL: '1000' });
      try {
        const { tenancy } = runtime.services;
        const org = await tenancy.createOrganization({ name: `bench-stream-${Date.now()}`, plan: 'enterprise' });
        const profile = await tenancy.createProfile({ name: 'bench', email: `bench-${org.id}@example.com` });
        await tenancy.addMember(org.id, { profileId: profile.id, role: 'owner' });
        const key = await tenancy.createApiKey(profile.id, { name: 'bench', scopes: ['*'] });
        let n = 0;
        for (const streams of STREAM_COUNTS) {
          const clients = await openClients(`${url}/api/${org.id}/events/stream`, key.key, streams);
          const latencies: number[] = [];
          for (let i = 0; i < SAMPLES; i++) {
            const arrived = clients.arrivals(n);
            const committedAt = await record(runtime, org.id, n++);
            for (const at of await arrived) latencies.push(at - committedAt);
            // Events one by one, with a short pause so that each is measured on an idle stream.
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
          clients.close();
          latencies.sort((a, b) => a - b);
          console.log(
            `| ${label} | ${streams} | ${SAMPLES} | ${percentile(latencies, 50).toFixed(1)} | ${percentile(latencies, 99).toFixed(1)} | ${latencies[latencies.length - 1]!.toFixed(1)} |`,
          );
        }
      } finally {
        await runtime.close();
      }
    }
  },
};
