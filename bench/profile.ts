/**
 * A CPU profile of one hot path (docs/performance.md): the service in this process on SQLite
 * (DBI=1 and BENCH_DATABASE_URL: PostgreSQL), warmed up for 2 s, then 6 s of load from the load
 * generator's own process while the inspector profiles. Writes /tmp/<path>.cpuprofile (open it in
 * Chrome's DevTools) and prints the load's figures and the heaviest functions by self time.
 *   npx tsx bench/profile.ts lookup|send|send-new|send-callbacks|chat-create
 * lookup: by contact among 1,000 customers; send: known recipients (the send bench's quiet channel);
 * send-new: every recipient new; send-callbacks: the sandbox's status callbacks firing; chat-create:
 * `POST …/chat/create` for a new contact each request.
 */
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import { PLAN_SEND_LIMITS } from '../src/http/rate-limit.js';
import { benchDatabases, load, seedBenchOrganization, startService, type GeneratorOptions } from './lib.js';
import { seedCustomers } from './scenarios/customers.js';
import { prime, seed as seedSendChannels } from './scenarios/send.js';

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };

const path = process.argv[2] ?? 'lookup';
const db = benchDatabases()[Number(process.env.DBI ?? 0)];
for (const plan of Object.keys(PLAN_SEND_LIMITS)) PLAN_SEND_LIMITS[plan] = 1_000_000_000;
const { runtime, url } = await startService(db!.config(), { ORG_API_RATE_LIMIT: '1000000' });

/** The load of the warm-up (`requests`) and of the profiled run (`measured`, when it must differ). */
type Target = {
  url: string;
  headers: Record<string, string>;
  requests: GeneratorOptions['requests'];
  measured?: GeneratorOptions['requests'];
};

async function target(): Promise<Target> {
  if (path === 'lookup') {
    const { organizationId, key } = await seedBenchOrganization(runtime.services);
    await seedCustomers(runtime, organizationId, 0, 1000);
    return { url, headers: { 'x-api-key': key }, requests: { factory: 'lookupRequests', args: [organizationId, 1000] } };
  }
  const seeded = await seedSendChannels(runtime.services);
  const headers = { authorization: `Bearer ${seeded.key}` };
  const channel = path === 'send-callbacks' ? seeded.liveChannel : seeded.quietChannel;
  if (path === 'chat-create') {
    const from = (first: number): GeneratorOptions['requests'] => ({
      factory: 'chatCreateRequests',
      args: [seeded.organizationId, seeded.quietChannel, first],
    });
    return { url, headers: { 'x-api-key': seeded.key }, requests: from(1_000_000), measured: from(2_000_000) };
  }
  if (path === 'send-new') {
    // Each load counts its recipients from its first number: the profiled one starts past the warm-up's.
    const from = (first: number): GeneratorOptions['requests'] => ({ factory: 'sendRequests', args: [channel, 0, first] });
    return { url, headers, requests: from(1_000_000), measured: from(2_000_000) };
  }
  await prime(url, headers, channel);
  return { url, headers, requests: { factory: 'sendRequests', args: [channel, 1000] } };
}

const { measured, ...options } = await target();
await load('warm', { ...options, durationSeconds: 2 });
if (measured) options.requests = measured;
const session = new inspector.Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
const result = await load(path, { ...options, durationSeconds: 6 });
const { profile } = await session.post('Profiler.stop');
fs.writeFileSync(`/tmp/${path}.cpuprofile`, JSON.stringify(profile));
console.log(JSON.stringify(result));

// Self time by function (file:line), the heaviest 25.
const nodes = profile.nodes as ProfileNode[];
const total = nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
const byFunction = new Map<string, number>();
for (const { callFrame, hitCount = 0 } of nodes) {
  const where = callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/src\//, 'src/');
  const name = `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + hitCount);
}
for (const [name, hits] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${((100 * hits) / total).toFixed(1).padStart(5)} %  ${name}`);
}
await runtime.close(1000);
