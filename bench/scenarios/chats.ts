/**
 * Chats: the agent console's two reads, beside a bare Fastify GET route measured in the same run:
 * - a chat's 50 latest messages (GET /chats/{id}/messages?order=desc&limit=50) in a chat of
 *   MESSAGES messages, in an organization with CHATS chats of a few messages each;
 * - the first page of the chat list (GET /chats?limit=50: customer name and last message included);
 * - for scale: the same route with limit=1 (its fixed cost) and GET /tags of an organization without
 *   tags (what every organization route pays: API key, membership, rate limit).
 * Target on SQLite: the latest messages at ≥ 0.3× bare. The rows are seeded with batched inserts
 * in one transaction, not HTTP.
 */
import { sql } from 'kysely';
import {
  benchDatabases,
  chatRow,
  customerRow,
  load,
  printTable,
  seedBenchOrganization,
  startService,
  withBareFastify,
  type LoadResult,
} from '../lib.js';
import type { Runtime } from '../../src/runtime.js';
import { newId } from '../../src/lib/ids.js';
import type { Scenario } from '../lib.js';

const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 500);
const CHATS = Number(process.env.BENCH_CHATS ?? 2000);
const PER_CHAT = 3;
const BATCH = 500;

async function seed(runtime: Runtime) {
  const { channels } = runtime.services;
  const { organizationId, key } = await seedBenchOrganization(runtime.services);
  const channel = await channels.create(organizationId, { kind: 'whatsapp_zapi', name: 'bench', config: { sandbox: true } });
  const now = new Date().toISOString();
  let bigChatId = '';
  await runtime.deps.db.transaction().execute(async (trx) => {
    // The big chat first, then the others: the list's first page is the newest chats.
    for (let start = 0; start < CHATS + 1; start += BATCH) {
      const customers = [];
      const chats = [];
      const messages = [];
      for (let i = start; i < Math.min(start + BATCH, CHATS + 1); i++) {
        const customerId = newId();
        const chatId = newId();
        const contact = String(5511900000000 + i);
        if (i === 0) bigChatId = chatId;
        customers.push(customerRow(organizationId, customerId, i, now));
        chats.push(chatRow({ organizationId: organizationId, channelId: channel.id, customerId, chatId }, contact, now));
        for (let m = 0; m < (i === 0 ? 0 : PER_CHAT); m++) messages.push(message(organizationId, channel.id, chatId, contact, m, now));
      }
      await trx.insertInto('customers').values(customers).execute();
      await trx.insertInto('chats').values(chats).execute();
      for (let m = 0; m < messages.length; m += BATCH) {
        await trx
          .insertInto('messages')
          .values(messages.slice(m, m + BATCH))
          .execute();
      }
    }
    for (let start = 0; start < MESSAGES; start += BATCH) {
      const rows = [];
      for (let m = start; m < Math.min(start + BATCH, MESSAGES); m++)
        rows.push(message(organizationId, channel.id, bigChatId, '5511900000000', m, now));
      await trx.insertInto('messages').values(rows).execute();
    }
  });
  return { organizationId, key, chatId: bigChatId };
}

function message(organizationId: string, channelId: string, chatId: string, contact: string, m: number, now: string) {
  const inbound = m % 2 === 1;
  return {
    id: newId(),
    organization_id: organizationId,
    chat_id: chatId,
    channel_id: channelId,
    direction: inbound ? 'inbound' : 'outbound',
    recipient: contact,
    type: 'text',
    content: JSON.stringify({ text: `message ${m}: a line of conversation of ordinary length` }),
    status: inbound ? 'delivered' : 'read',
    provider_message_id: `bench-${chatId}-${m}`,
    error_code: null,
    error_message: null,
    sequence_id: null,
    sequence_index: null,
    temp_id: null,
    sender_profile_id: null,
    created_at: now,
    updated_at: now,
  };
}

async function runOn(label: string, database: ReturnType<ReturnType<typeof benchDatabases>[number]['config']>): Promise<void> {
  const { runtime, url } = await startService(database, { ORG_API_RATE_LIMIT: '1000000' });
  try {
    const { organizationId, key, chatId } = await seed(runtime);
    if (runtime.deps.dialect === 'postgres') await sql`analyze`.execute(runtime.deps.db);
    const headers = { 'x-api-key': key };
    const latest = `${url}/api/${organizationId}/chats/${chatId}/messages?order=desc&limit=50`;
    const list = `${url}/api/${organizationId}/chats?limit=50`;
    // Unreported warm-up, so the measured phase does not pay for JIT compilation.
    await load('warm-up', { url: latest, headers, durationSeconds: 1 });
    const rows: LoadResult[] = [];
    const bare = await withBareFastify(async (bareUrl) => {
      const baseline = await load('bare Fastify GET', { url: bareUrl });
      rows.push(await load(`GET a chat's 50 latest messages (${MESSAGES} in the chat)`, { url: latest, headers }));
      rows.push(
        await load("GET a chat's latest message (limit=1: the route's fixed cost)", {
          url: latest.replace('limit=50', 'limit=1'),
          headers,
        }),
      );
      rows.push(
        await load('GET tags, none (any organization route: key, membership, rate limit)', {
          url: `${url}/api/${organizationId}/tags`,
          headers,
        }),
      );
      rows.push(await load(`GET chat list, first 50 (${CHATS + 1} chats)`, { url: list, headers }));
      return baseline;
    });
    printTable(`${label}: chat reads`, bare, rows);
  } finally {
    // autocannon stops at its deadline without waiting for answers; let those requests finish first.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await runtime.close(5000);
  }
}

export const chatsScenario: Scenario = {
  name: 'chats',
  description: "a chat's 50 latest messages (500 in the chat) and the chat list's first page, beside a bare Fastify GET route",
  async run() {
    for (const database of benchDatabases()) await runOn(database.label, database.config());
  },
};
