/**
 * What a send costs the database under load (docs/capacity.md "Eighth pass"): the service in this
 * process, warmed up for 1 s, then 3 s of sends from the load generator's own process while every
 * statement through the service's executor is counted (BEGIN and COMMIT are not). Prints the
 * statements per request, by their opening words. SQLite with DBI=0; PostgreSQL (the default) with
 * BENCH_DATABASE_URL.
 *   npx tsx bench/count-statements.ts             known recipients
 *   LIVE=1 npx tsx bench/count-statements.ts      the sandbox's status callbacks firing
 *   NEW=1 npx tsx bench/count-statements.ts       every recipient new
 *   LOOKUP=1 npx tsx bench/count-statements.ts    lookups of a customer by contact among 1,000
 *   CHAT_CREATE=1 npx tsx bench/count-statements.ts   chat creates, every contact new
 * On PostgreSQL a `*` before a statement marks one sent unnamed (parsed and planned at every run).
 * COUNT_SECONDS sets the counted load's length.
 */
import { runsNamed } from '../src/db/connection.js';
import { PLAN_SEND_LIMITS } from '../src/http/rate-limit.js';
import { statementsWhile } from '../test/support/statements.js';
import { benchDatabases, load, seedBenchOrganization, startService, type GeneratorOptions, type LoadResult } from './lib.js';
import { seedCustomers } from './scenarios/customers.js';
import { prime, seed as seedSendChannels } from './scenarios/send.js';

const SECONDS = Number(process.env.COUNT_SECONDS ?? 3);
const db = benchDatabases()[Number(process.env.DBI ?? 1)];
if (!db) throw new Error('no such database: PostgreSQL needs BENCH_DATABASE_URL');
for (const plan of Object.keys(PLAN_SEND_LIMITS)) PLAN_SEND_LIMITS[plan] = 1_000_000_000;
const { runtime, url } = await startService(db.config(), { ORG_API_RATE_LIMIT: '1000000' });

/** The load counted: sends (known recipients, new ones, or with callbacks firing), or lookups. */
async function workload(): Promise<{ headers: Record<string, string>; requests: GeneratorOptions['requests'] }> {
  if (process.env.LOOKUP) {
    const { organizationId, key } = await seedBenchOrganization(runtime.services);
    await seedCustomers(runtime, organizationId, 0, 1000);
    return { headers: { 'x-api-key': key }, requests: { factory: 'lookupRequests', args: [organizationId, 1000] } };
  }
  const seeded = await seedSendChannels(runtime.services);
  if (process.env.CHAT_CREATE) {
    return {
      headers: { 'x-api-key': seeded.key },
      requests: { factory: 'chatCreateRequests', args: [seeded.organizationId, seeded.quietChannel, 7_000_000] },
    };
  }
  const headers = { authorization: `Bearer ${seeded.key}` };
  const channel = process.env.LIVE ? seeded.liveChannel : seeded.quietChannel;
  await prime(url, headers, channel);
  return { headers, requests: { factory: 'sendRequests', args: process.env.NEW ? [channel, 0, 5_000_000] : [channel, 1000] } };
}
const { headers, requests } = await workload();
await load('warm', { url, headers, requests, durationSeconds: 1 });
let result: LoadResult | undefined;
const cpuBefore = process.cpuUsage();
const statements = await statementsWhile(runtime.deps.db, async () => {
  result = await load('count', { url, headers, requests, durationSeconds: SECONDS });
});
const cpu = process.cpuUsage(cpuBefore);
const sends = result!.requestsPerSecond * SECONDS;
// The service's own processor time a request (user + system), and its share of one core over the load.
const cpuMicros = cpu.user + cpu.system;
console.log(
  `service process: ${(cpuMicros / sends).toFixed(0)} µs of processor time a request (${((100 * cpu.system) / cpuMicros).toFixed(0)} % in the kernel), ` +
    `${(cpuMicros / 10_000 / SECONDS).toFixed(0)} % of a core`,
);
const byOpening = new Map<string, number>();
for (const statement of statements) {
  // On PostgreSQL, `*` marks a statement sent unnamed, parsed and planned at every run (db/connection.ts).
  const unnamed = db.label === 'postgres' && !runsNamed(statement.sql, statement.parameters) ? '* ' : '';
  const opening = unnamed + statement.sql.replace(/\s+/g, ' ').trim().slice(0, 60);
  byOpening.set(opening, (byOpening.get(opening) ?? 0) + 1);
}
console.log(`${db.label}: ${JSON.stringify(result)}; ${(statements.length / sends).toFixed(2)} statements a request`);
for (const [opening, n] of [...byOpening].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${(n / sends).toFixed(3)}  ${opening}`);
await runtime.close(1000);
