/**
 * Customers: POST create-customer throughput and latency, and the lookup of a customer by contact
 * (GET /customers?contact=…&contactType=whatsapp, served by the (organization_id, type, match_key)
 * index) at 1,000 and at 100,000 customers in the organization, each beside a bare Fastify route
 * measured in the same run; the create also beside the send scenario's durable floor route (key
 * lookup + two inserts in one transaction, `withFloor`), issue 13's yardstick for writes. The bulk is seeded with batched inserts in one transaction, not HTTP.
 * Creates add customers as they run, so each table prints the real count when its phase began.
 */
import { sql } from 'kysely';
import {
  benchDatabases,
  customerRow,
  load,
  seedBenchOrganization,
  printTable,
  startService,
  withBareFastify,
  type GeneratorOptions,
  type LoadResult,
} from '../lib.js';
import { seededNumber } from '../requests.js';
import type { Runtime } from '../../src/runtime.js';
import { newId } from '../../src/lib/ids.js';
import type { Scenario } from '../lib.js';
import type { FloorTarget } from '../outside-floor.js';
import { withFloor, withOutsideProcess } from './send.js';

const SIZES = [1_000, Number(process.env.BENCH_CUSTOMERS_LARGE ?? 100_000)];
const BATCH = 500;

/** Created customers get Rio mobiles never used; each load of creates takes the next 100,000. */
let firstCreated = 0;
function creates(organizationId: string): GeneratorOptions['requests'] {
  firstCreated += 100_000;
  return { factory: 'createRequests', args: [organizationId, firstCreated] };
}
const lookups = (organizationId: string, seeded: number): GeneratorOptions['requests'] => ({
  factory: 'lookupRequests',
  args: [organizationId, seeded],
});

function seedOrganization(runtime: Runtime): Promise<{ organizationId: string; key: string }> {
  return seedBenchOrganization(runtime.services);
}

/** Inserts customers `from`..`to-1` (each with one WhatsApp contact) in one transaction. */
export async function seedCustomers(runtime: Runtime, organizationId: string, from: number, to: number): Promise<void> {
  const now = new Date().toISOString();
  await runtime.deps.db.transaction().execute(async (trx) => {
    for (let start = from; start < to; start += BATCH) {
      const customers = [];
      const contacts = [];
      for (let i = start; i < Math.min(start + BATCH, to); i++) {
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
    }
  });
}

/** Lets the worker finish the due jobs of the last phase (webhook deliveries, if any), so phases do not overlap. */
async function queueDrained(runtime: Runtime): Promise<void> {
  for (;;) {
    const row = await runtime.deps.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['queued', 'running'])
      // Jobs due later are no work of the last phase: the floor's outbox rows (due tomorrow) and the
      // sandbox's scheduled status callbacks of the floor's chat.
      .where('run_at', '<=', new Date().toISOString())
      .executeTakeFirstOrThrow();
    if (Number(row.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A sandbox channel and a chat in it, where the floor route writes its messages. */
async function floorChat(runtime: Runtime, url: string, key: string, organizationId: string) {
  const channel = await runtime.services.channels.create(organizationId, {
    kind: 'whatsapp_zapi',
    name: 'floor',
    config: { sandbox: true, deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 },
  });
  const sent = await fetch(`${url}/v1/messages/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ channel_id: channel.id, to: '5511987654321', type: 'text', content: { text: 'floor' } }),
  });
  if (sent.status !== 201) throw new Error(`the floor's chat: ${sent.status} ${await sent.text()}`);
  return { channelId: channel.id, chatId: ((await sent.json()) as { data: { chat_id: string } }).data.chat_id };
}

async function countCustomers(runtime: Runtime, organizationId: string): Promise<number> {
  const row = await runtime.deps.db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function runOn(label: string, database: ReturnType<ReturnType<typeof benchDatabases>[number]['config']>): Promise<void> {
  const { runtime, url } = await startService(database, { ORG_API_RATE_LIMIT: '1000000' });
  try {
    const { organizationId, key } = await seedOrganization(runtime);
    const headers = { 'x-api-key': key };
    const bearer = { authorization: `Bearer ${key}` };
    const floor = await floorChat(runtime, url, key, organizationId);
    let seeded = 0;
    let warmedUp = false;
    for (const size of SIZES) {
      const started = performance.now();
      await seedCustomers(runtime, organizationId, seeded, size);
      seeded = size;
      // PostgreSQL's autovacuum would gather statistics soon after such a load; do it now.
      if (runtime.deps.dialect === 'postgres') await sql`analyze`.execute(runtime.deps.db);
      await queueDrained(runtime);
      const seedSeconds = ((performance.now() - started) / 1000).toFixed(1);
      if (!warmedUp) {
        // Unreported warm-up, so the first measured phase does not pay for JIT compilation.
        await load('warm-up lookup', { url, headers, requests: lookups(organizationId, seeded), durationSeconds: 2 });
        await load('warm-up create', {
          url,
          headers,
          method: 'POST',
          requests: creates(organizationId),
          durationSeconds: 1,
          connections: 5,
        });
        warmedUp = true;
      }
      const total = await countCustomers(runtime, organizationId);
      const lookupRows: LoadResult[] = [];
      const createRows: LoadResult[] = [];
      const [bareGet, barePost] = await withBareFastify(async (bareUrl) => {
        const get = await load('bare Fastify GET', { url: bareUrl });
        lookupRows.push(
          await load(`GET lookup by contact (${total} customers)`, { url, headers, requests: lookups(organizationId, seeded) }),
        );
        const post = await load('bare Fastify POST', { url: bareUrl, method: 'POST', body: '{}' });
        createRows.push(
          await withFloor(runtime.deps.db, organizationId, floor.channelId, floor.chatId, async (floorUrl) => {
            await load('warm-up', { url: floorUrl, method: 'POST', headers: bearer, body: '{}', durationSeconds: 1 });
            return load('floor (key lookup + message + outbox, 1 tx)', { url: floorUrl, method: 'POST', headers: bearer, body: '{}' });
          }),
        );
        createRows.push(
          await load(`POST create customer (${total} before)`, { url, headers, method: 'POST', requests: creates(organizationId) }),
        );
        return [get, post] as const;
      });
      // The ceiling of the lookup's ratio to a bare server: the same lookup on the raw driver, and a
      // bare node:http server, each in a process of its own (bench/outside-floor.ts `read`, `bare`).
      const outsideBare = await withOutsideProcess('bare', (bareUrl) =>
        load('outside: bare node:http GET (own process)', { url: bareUrl }),
      );
      const target: FloorTarget = {
        dialect: database.dialect,
        database: database.dialect === 'sqlite' ? database.file : database.url,
        organizationId,
        channelId: floor.channelId,
        chatId: floor.chatId,
      };
      const outsideRead = await withOutsideProcess(
        target,
        async (readUrl) => {
          await load('warm-up', { url: readUrl, headers, requests: lookups(organizationId, seeded), durationSeconds: 1 });
          return load('outside: read floor on the raw driver (own process)', {
            url: readUrl,
            headers,
            requests: lookups(organizationId, seeded),
          });
        },
        'read',
      );
      console.log(`\n[${label}] ${total} customers (seeded ${size - (SIZES[SIZES.indexOf(size) - 1] ?? 0)} in ${seedSeconds}s)`);
      printTable(`${label}: lookup by contact at ${total} customers`, bareGet, lookupRows);
      printTable(`${label}: lookup by contact against the outside baselines`, outsideBare, [outsideRead, lookupRows[0]!]);
      console.log(
        `lookup / outside bare: ${(lookupRows[0]!.requestsPerSecond / outsideBare.requestsPerSecond).toFixed(3)} (target >= 0.15 on PostgreSQL); ` +
          `read floor / outside bare: ${(outsideRead.requestsPerSecond / outsideBare.requestsPerSecond).toFixed(3)} (the ceiling); ` +
          `lookup / read floor: ${(lookupRows[0]!.requestsPerSecond / outsideRead.requestsPerSecond).toFixed(2)}`,
      );
      printTable(`${label}: create customer at ${total} customers`, barePost, createRows);
      const [floorRow, createRow] = createRows;
      console.log(
        `create customer / floor throughput: ${(createRow!.requestsPerSecond / floorRow!.requestsPerSecond).toFixed(2)} (target >= 0.5)`,
      );
    }
  } finally {
    // autocannon stops at its deadline without waiting for answers; let those requests finish first.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await runtime.close(5000);
  }
}

export const customersScenario: Scenario = {
  name: 'customers',
  description: 'create-customer throughput and lookup-by-contact latency at 1,000 and 100,000 customers, beside a bare Fastify route',
  async run() {
    for (const database of benchDatabases()) await runOn(database.label, database.config());
  },
};
