/**
 * The plans of the capacity bench's hot reads on its kept datasets (bench/scenarios/capacity.ts run
 * once with CAPACITY_KEEP=<dir>): each read is served once over HTTP, the SQL it runs is captured and
 * explained where it ran, at full size. SQLite: EXPLAIN QUERY PLAN and the statement's own time;
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): EXPLAIN (ANALYZE, BUFFERS). Arguments choose
 * reads by a part of their name.
 *
 *   CAPACITY_KEEP=/tmp/capacity npx tsx bench/explain-capacity.ts tag pending   # CAPACITY_SCALE, BENCH_ON as the bench
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CompiledQuery } from 'kysely';
import type { Runtime } from '../src/runtime.js';
import { readsWhile } from '../test/support/statements.js';
import { capacitySize, type CapacitySample } from './capacity-dataset.js';
import { benchDatabases, keptDatabase, startService } from './lib.js';
import { capacityReads } from './scenarios/capacity.js';

const KEEP = process.env.CAPACITY_KEEP;
const SCALE = Number(process.env.CAPACITY_SCALE ?? 1);
const wanted = process.argv.slice(2);
/** Which of the bench's requests of each read is served (EXPLAIN_REQUEST, default 1): the bench prints the slowest. */
const REQUEST = Number(process.env.EXPLAIN_REQUEST ?? 1);

async function explain(runtime: Runtime, query: CompiledQuery): Promise<string[]> {
  if (runtime.deps.dialect === 'sqlite') {
    const { rows } = await runtime.deps.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` } as never);
    const started = performance.now();
    await runtime.deps.db.executeQuery(query);
    return [...rows.map((r) => r.detail), `(${(performance.now() - started).toFixed(1)} ms)`];
  }
  const { rows } = await runtime.deps.database.pgPool!.query(`explain (analyze, buffers) ${query.sql}`, query.parameters as unknown[]);
  return rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
}

if (!KEEP) throw new Error('CAPACITY_KEEP=<dir> names the kept datasets (run the capacity bench with it first)');
for (const database of benchDatabases()) {
  const samplePath = path.join(KEEP, `capacity-${database.label}-${SCALE}.json`);
  if (!fs.existsSync(samplePath)) {
    console.log(`# ${database.label}: no kept dataset at scale ${SCALE} (${samplePath})`);
    continue;
  }
  const sample = JSON.parse(fs.readFileSync(samplePath, 'utf8')) as CapacitySample;
  const { runtime } = await startService(keptDatabase(database.label, `capacity-${SCALE}`, KEEP, false), {
    ORG_API_RATE_LIMIT: '1000000',
    WORKER: 'off',
  });
  try {
    for (const [name, read] of Object.entries(capacityReads(sample, capacitySize(SCALE).customers))) {
      if (wanted.length > 0 && !wanted.some((w) => name.includes(w))) continue;
      const url = `/api/${sample.organizationId}${read(REQUEST)}`;
      const get = () => runtime.app.inject({ method: 'GET', url, headers: { 'x-api-key': sample.key } });
      await get(); // authentication is cached after the first request: the capture holds the read's own statements
      const started = performance.now();
      const queries = await readsWhile(runtime.deps.db, async () => {
        const res = await get();
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      });
      console.log(`\n## ${database.label}: ${name} (GET ${read(REQUEST)}, ${(performance.now() - started).toFixed(1)} ms)`);
      for (const query of queries) {
        console.log(`\n    ${query.sql.replace(/\s+/g, ' ')}`);
        for (const line of await explain(runtime, query)) console.log(`      ${line}`);
      }
    }
  } finally {
    await runtime.close(5000);
  }
}
process.exit(0);
