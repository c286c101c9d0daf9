/**
 * Capacity (DESIGN §13, docs/capacity.md): the hot reads timed on the capacity dataset
 * (bench/capacity-dataset.ts) at two sizes, 1/100 of it and the whole of it (CAPACITY_SCALE, default
 * 1: 1M customers, 300k chats, 5M messages and 1,000 small organizations), on SQLite and, with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, PostgreSQL. Each read is asked CAPACITY_REQUESTS times
 * (default 200) one after another over real HTTP, each time for another customer, chat or word where
 * the read takes one; the table gives p50 and p99 at each size, their ratio and the target (p99
 * under 50 ms on SQLite, 100 ms on PostgreSQL; at most 2× the small size's).
 *
 * CAPACITY_KEEP=<dir> keeps each seeded dataset (SQLite files in <dir>, PostgreSQL databases named
 * conversa_kept_capacity_*) with what the reads look for (<dir>/*.json), and a later run with the
 * same option reads them again instead of seeding (migrations added since apply at start, and stale
 * statistics are refreshed): delete the directory and drop those databases to seed afresh.
 * BENCH_ON (or CAPACITY_ON) = sqlite or postgres measures one database only (bench/lib.ts).
 *
 *   npm run bench -- capacity            # CAPACITY_SCALE=0.1 for a tenth of the dataset
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { benchDatabases, keptDatabase, startService, type Scenario } from '../lib.js';
import type { Runtime } from '../../src/runtime.js';
import { capacitySize, seedCapacityDataset, type CapacitySample } from '../capacity-dataset.js';

const SMALL_SCALE = 0.01;
const LARGE_SCALE = Number(process.env.CAPACITY_SCALE ?? 1);
const REQUESTS = Number(process.env.CAPACITY_REQUESTS ?? 200);
const KEEP = process.env.CAPACITY_KEEP;

interface Timing {
  p50: number;
  p99: number;
  /** The slowest requests, slowest first: which customer, chat or word a slow p99 comes from. */
  slowest: { path: string; ms: number }[];
  skipped?: string;
}

type Reads = Record<string, (i: number) => string>;

export function capacityReads(sample: CapacitySample, customers: number): Reads {
  // Phones and names of customers spread over the whole organization, one per request.
  const nth = (i: number) => Math.floor(((i * 7919) % REQUESTS) * (customers / REQUESTS));
  const to = new Date().toISOString();
  const from = new Date(Date.now() - 90 * 86_400_000).toISOString();
  return {
    'inbox: pending queue': () => '/chats?status=pending&customerWrote=true&limit=50',
    "inbox: an agent's chats": () => `/chats?status=in_progress&assigneeProfileId=${sample.agentProfileId}&limit=50`,
    'inbox: chats of a tag': () => `/chats?tagId=${sample.tagId}&limit=50`,
    'chat: newest messages page': () => `/chats/${sample.chatId}/messages?order=desc&limit=50`,
    'lookup by phone': (i) => `/customers?contact=${5511900000000 + nth(i)}&contactType=whatsapp`,
    'search: a name': (i) => `/search?q=${encodeURIComponent(`Cliente ${nth(i)}`)}&limit=20`,
    'search: a word of a message': () => `/search?q=${sample.word}&limit=20`,
    'event feed page': () => '/events?limit=50',
    '90-day report': () => `/reports/conversations?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&groupBy=day`,
  };
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(url: string, key: string, read: (i: number) => string, organizationId: string): Promise<Timing> {
  const ask = (i: number) => fetch(`${url}/api/${organizationId}${read(i)}`, { headers: { 'x-api-key': key } });
  const first = await ask(0);
  await first.arrayBuffer();
  if (first.status === 404) return { p50: 0, p99: 0, slowest: [], skipped: 'no such route in this build' };
  if (first.status !== 200) throw new Error(`${read(0)}: ${first.status}`);
  const timed: { path: string; ms: number }[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const res = await ask(i);
    await res.arrayBuffer();
    timed.push({ path: read(i), ms: performance.now() - started });
    if (res.status !== 200) throw new Error(`${read(i)}: ${res.status}`);
  }
  const durations = timed.map((t) => t.ms).sort((a, b) => a - b);
  const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, 3);
  return { p50: percentile(durations, 50), p99: percentile(durations, 99), slowest };
}

type Database = ReturnType<typeof benchDatabases>[number];

function keptSample(label: string, scale: number): string | null {
  return KEEP ? path.join(KEEP, `capacity-${label}-${scale}.json`) : null;
}

/** Seeds the dataset, or with CAPACITY_KEEP finds it seeded by an earlier run. */
async function dataset(runtime: Runtime, label: string, scale: number): Promise<CapacitySample> {
  const log = (line: string) => console.log(`  seeded (${label}, scale ${scale}): ${line}`);
  const file = keptSample(label, scale);
  if (file && fs.existsSync(file)) {
    log(`kept from an earlier run (${file})`);
    // Statistics for what changed since (an index a new migration added): PostgreSQL samples; a full
    // ANALYZE of SQLite reads every index (minutes at full size), `optimize` only the stale ones.
    await (runtime.deps.dialect === 'postgres' ? sql`analyze` : sql`pragma optimize`).execute(runtime.deps.db);
    return JSON.parse(fs.readFileSync(file, 'utf8')) as CapacitySample;
  }
  const sample = await seedCapacityDataset(runtime, scale, log);
  if (file) fs.writeFileSync(file, JSON.stringify(sample));
  return sample;
}

async function measure(database: Database, scale: number): Promise<Record<string, Timing>> {
  const sample = keptSample(database.label, scale);
  const config = KEEP ? keptDatabase(database.label, `capacity-${scale}`, KEEP, !fs.existsSync(sample!)) : database.config();
  const { runtime, url } = await startService(config, { ORG_API_RATE_LIMIT: '1000000', WORKER: 'off' });
  try {
    const found = await dataset(runtime, database.label, scale);
    const result: Record<string, Timing> = {};
    for (const [name, read] of Object.entries(capacityReads(found, capacitySize(scale).customers)))
      result[name] = await time(url, found.key, read, found.organizationId);
    return result;
  } finally {
    await runtime.close(5000);
  }
}

export const capacityScenario: Scenario = {
  name: 'capacity',
  description: `hot reads at ${SMALL_SCALE} and ${LARGE_SCALE} of the capacity dataset (1M customers, 300k chats, 5M messages, 1,000 small organizations)`,
  async run() {
    for (const database of benchDatabases()) {
      const target = database.label === 'postgres' ? 100 : 50;
      const small = await measure(database, SMALL_SCALE);
      const loadBefore = loadAverage();
      const large = await measure(database, LARGE_SCALE);
      console.log(
        `\n## capacity on ${database.label} (${REQUESTS} requests a read, sequential; target p99 < ${target} ms and ≤ 2× the small size)`,
      );
      // Other work on the machine slows every figure: the load average (1, 5, 15 min) beside them says how much.
      console.log(
        `load average before the larger size (seeding and reads) ${loadBefore}, after ${loadAverage()} (${os.cpus().length} CPUs)\n`,
      );
      console.log(
        `| read | p50 ms at ${SMALL_SCALE} | p99 ms at ${SMALL_SCALE} | p50 ms at ${LARGE_SCALE} | p99 ms at ${LARGE_SCALE} | p99 ratio | within target |`,
      );
      console.log('|---|---|---|---|---|---|---|');
      const missed: string[] = [];
      for (const name of Object.keys(large)) {
        const s = small[name]!;
        const l = large[name]!;
        if (l.skipped) {
          console.log(`| ${name} | — | — | — | — | — | ${l.skipped} |`);
          continue;
        }
        const ratio = l.p99 / Math.max(s.p99, 0.001);
        const ok = l.p99 < target && ratio <= 2 ? 'yes' : 'NO';
        console.log(
          `| ${name} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${l.p50.toFixed(1)} | ${l.p99.toFixed(1)} | ${ratio.toFixed(2)} | ${ok} |`,
        );
        if (ok === 'NO')
          missed.push(`- ${name}: slowest at ${LARGE_SCALE}: ${l.slowest.map((t) => `${t.path} ${t.ms.toFixed(1)} ms`).join('; ')}`);
      }
      if (missed.length > 0) console.log(`\nThe slowest requests of each read that missed:\n${missed.join('\n')}`);
    }
  },
};
