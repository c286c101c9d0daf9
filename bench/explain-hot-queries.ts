/**
 * The plans of the hot reads at scale: fills a fresh database (SQLite, and PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set) with 100,000 customers (one WhatsApp contact and
 * one chat each) and 1,000,000 messages (10 a chat), then serves the hot endpoints once each over
 * real HTTP, captures the SQL they run and prints its plan (EXPLAIN QUERY PLAN; EXPLAIN on
 * PostgreSQL, after ANALYZE). Findings: docs/performance.md. The fast check of the same plans on
 * small data is test/http/query-plans.test.ts.
 *
 *   npx tsx bench/explain-hot-queries.ts            # CUSTOMERS=… MESSAGES_PER_CHAT=… to change the size
 */
import { sql, type CompiledQuery, type Insertable } from 'kysely';
import type { DB } from '../src/db/schema.js';
import { newId } from '../src/lib/ids.js';
import type { Runtime } from '../src/runtime.js';
import { benchDatabases, chatRow, customerRow, seedBenchOrganization, startService } from './lib.js';
import { readsWhile } from '../test/support/statements.js';

const CUSTOMERS = Number(process.env.CUSTOMERS ?? 100_000);
const MESSAGES_PER_CHAT = Number(process.env.MESSAGES_PER_CHAT ?? 10);
const BATCH = 500;

async function seed(runtime: Runtime, organizationId: string, channelId: string): Promise<{ customerId: string; chatId: string }> {
  const now = new Date().toISOString();
  let last = { customerId: '', chatId: '' };
  for (let start = 0; start < CUSTOMERS; start += BATCH) {
    const customers: Insertable<DB['customers']>[] = [];
    const contacts: Insertable<DB['customer_contacts']>[] = [];
    const chats: Insertable<DB['chats']>[] = [];
    const messages: Insertable<DB['messages']>[] = [];
    for (let i = start; i < Math.min(start + BATCH, CUSTOMERS); i++) {
      const customerId = newId();
      const chatId = newId();
      const phone = String(5511900000000 + i);
      customers.push(customerRow(organizationId, customerId, i, now));
      contacts.push({
        id: newId(),
        organization_id: organizationId,
        customer_id: customerId,
        type: 'whatsapp',
        value: phone,
        match_key: phone,
        label: null,
        created_at: now,
      });
      chats.push(chatRow({ organizationId, channelId, customerId, chatId }, phone, now));
      for (let m = 0; m < MESSAGES_PER_CHAT; m++) {
        const inbound = m % 2 === 0;
        messages.push({
          id: newId(),
          organization_id: organizationId,
          chat_id: chatId,
          channel_id: channelId,
          direction: inbound ? 'inbound' : 'outbound',
          recipient: phone,
          type: 'text',
          content: JSON.stringify({ text: `message ${m}` }),
          status: inbound ? 'delivered' : 'read',
          provider_message_id: `seed-${chatId}-${m}`,
          error_code: null,
          error_message: null,
          sequence_id: null,
          sequence_index: null,
          temp_id: null,
          sender_profile_id: null,
          created_at: now,
          updated_at: now,
        });
      }
      last = { customerId, chatId };
    }
    await runtime.deps.db.transaction().execute(async (trx) => {
      await trx.insertInto('customers').values(customers).execute();
      await trx.insertInto('customer_contacts').values(contacts).execute();
      await trx.insertInto('chats').values(chats).execute();
      for (let m = 0; m < messages.length; m += BATCH)
        await trx
          .insertInto('messages')
          .values(messages.slice(m, m + BATCH))
          .execute();
    });
  }
  await sql`analyze`.execute(runtime.deps.db);
  return last;
}

async function plan(runtime: Runtime, query: CompiledQuery): Promise<string[]> {
  if (runtime.deps.dialect === 'sqlite') {
    const { rows } = await runtime.deps.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` } as never);
    return rows.map((r) => r.detail);
  }
  const { rows } = await runtime.deps.database.pgPool!.query(
    `explain (analyze, costs off, timing on) ${query.sql}`,
    query.parameters as unknown[],
  );
  return rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
}

async function runOn(label: string, database: ReturnType<ReturnType<typeof benchDatabases>[number]['config']>): Promise<void> {
  const { runtime } = await startService(database, { ORG_API_RATE_LIMIT: '1000000' });
  try {
    const { organizationId, key } = await seedBenchOrganization(runtime.services);
    const channel = await runtime.services.channels.create(organizationId, {
      kind: 'whatsapp_official',
      name: 'Seed',
      config: { sandbox: true },
    });
    const started = performance.now();
    const last = await seed(runtime, organizationId, channel.id);
    console.log(
      `\n# ${label}: ${CUSTOMERS} customers, ${CUSTOMERS * MESSAGES_PER_CHAT} messages (seeded in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    const get = async (url: string) => {
      const res = await runtime.app.inject({ method: 'GET', url: `/api/${organizationId}${url}`, headers: { 'x-api-key': key } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const firstPage = await get('/customers?limit=50');
    const endpoints: Record<string, string> = {
      'customer by id': `/customers/${last.customerId}`,
      'lookup by contact': `/customers?contact=${5511900000000 + CUSTOMERS - 1}&contactType=whatsapp`,
      'customer list page': '/customers?limit=50',
      'customer list, next page': `/customers?limit=50&cursor=${firstPage.nextCursor}`,
      'chat list page': '/chats?limit=50',
      'messages of a chat': `/chats/${last.chatId}/messages`,
      'event feed page': '/events?limit=50',
    };
    for (const [name, url] of Object.entries(endpoints)) {
      const t = performance.now();
      const queries = await readsWhile(runtime.deps.db, async () => void (await get(url)));
      console.log(`\n## ${label}: ${name} (GET ${url.replace(organizationId, ':org')}, ${(performance.now() - t).toFixed(1)} ms)`);
      for (const query of queries) {
        console.log(`\n    ${query.sql.replace(/\s+/g, ' ').slice(0, 300)}${query.sql.length > 300 ? ' …' : ''}`);
        for (const line of await plan(runtime, query)) console.log(`      ${line}`);
      }
    }
  } finally {
    await runtime.close(5000);
  }
}

for (const database of benchDatabases()) await runOn(database.label, database.config());
