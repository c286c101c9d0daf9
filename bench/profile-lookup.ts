/**
 * A CPU profile of the lookup by contact alone (docs/performance.md): the service in this process on
 * SQLite (DBI=1 and BENCH_DATABASE_URL: PostgreSQL), 1,000 customers, 2 s of warm-up, then 6 s of
 * lookups from the load generator's own process while the inspector profiles. Writes
 * /tmp/lookup.cpuprofile (open it in Chrome's DevTools) and prints the load's figures.
 *   npx tsx bench/profile-lookup.ts
 */
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import { benchDatabases, customerRow, load, seedBenchOrganization, startService, type GeneratorOptions } from './lib.js';
import { seededNumber } from './requests.js';
import { newId } from '../src/lib/ids.js';
const db = benchDatabases()[Number(process.env.DBI ?? 0)];
const { runtime, url } = await startService(db.config(), { ORG_API_RATE_LIMIT: '1000000' });
const { organizationId, key } = await seedBenchOrganization(runtime.services);
const now = new Date().toISOString();
await runtime.deps.db.transaction().execute(async (trx) => {
  const customers = [];
  const contacts = [];
  for (let i = 0; i < 1000; i++) {
    const id = newId();
    const phone = seededNumber(i);
    customers.push(customerRow(organizationId, id, i, now, `c${i}@example.com`));
    contacts.push({
      id: newId(),
      organization_id: organizationId,
      customer_id: id,
      type: 'whatsapp',
      value: phone,
      match_key: phone,
      label: null,
      created_at: now,
    });
  }
  await trx.insertInto('customers').values(customers).execute();
  await trx.insertInto('customer_contacts').values(contacts).execute();
});
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
