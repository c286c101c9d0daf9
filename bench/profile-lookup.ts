/**
 * A CPU profile of the lookup by contact alone (docs/performance.md): the service in this process on
 * SQLite (DBI=1 and BENCH_DATABASE_URL: PostgreSQL), 1,000 customers, 2 s of warm-up, then 6 s of
 * lookups from the load generator's own process while the inspector profiles. Writes
 * /tmp/lookup.cpuprofile (open it in Chrome's DevTools) and prints the load's figures.
 *   npx tsx bench/profile-lookup.ts
 */
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import { benchDatabases, load, seedBenchOrganization, startService, type GeneratorOptions } from './lib.js';
import { seedCustomers } from './scenarios/customers.js';
const db = benchDatabases()[Number(process.env.DBI ?? 0)];
const { runtime, url } = await startService(db.config(), { ORG_API_RATE_LIMIT: '1000000' });
const { organizationId, key } = await seedBenchOrganization(runtime.services);
await seedCustomers(runtime, organizationId, 0, 1000);
const headers = { 'x-api-key': key };
const requests: GeneratorOptions['requests'] = { factory: 'lookupRequests', args: [organizationId, 1000] };
await load('warm', { url, headers, requests, durationSeconds: 2 });
const session = new inspector.Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
const r = await load('lookup', { url, headers, requests, durationSeconds: 6 });
const { profile } = await session.post('Profiler.stop');
fs.writeFileSync('/tmp/lookup.cpuprofile', JSON.stringify(profile));
console.log(JSON.stringify(r));
await runtime.close(1000);
