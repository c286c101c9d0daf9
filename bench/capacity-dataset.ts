/**
 * The capacity dataset (DESIGN §13 "A published envelope"): one large organization (by default 1M
 * customers, 300k chats, 5M messages, an event per message) and 1,000 small ones (100 customers,
 * 20 chats, 100 messages each), inserted in batches straight into the tables, as a long-lived
 * installation would hold them. Sizes scale with `scale` (1 = the published dataset), so the same
 * reads can be timed at 1/100 of it and the ratio shows what size costs.
 *
 * What a read needs to find is recorded (`CapacitySample`): a phone, a customer name, a busy chat,
 * an agent, a tag, a word of a message.
 */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../src/db/schema.js';
import { newId } from '../src/lib/ids.js';
import type { Runtime } from '../src/runtime.js';
import { customerRow, seedBenchOrganization } from './lib.js';

export interface CapacitySize {
  customers: number;
  chats: number;
  messages: number;
  smallOrganizations: number;
}

export function capacitySize(scale: number): CapacitySize {
  return {
    customers: Math.round(1_000_000 * scale),
    chats: Math.round(300_000 * scale),
    messages: Math.round(5_000_000 * scale),
    smallOrganizations: Math.max(1, Math.round(1_000 * Math.min(scale * 10, 1))),
  };
}

export interface CapacitySample {
  organizationId: string;
  key: string;
  phone: string;
  name: string;
  chatId: string;
  agentProfileId: string;
  tagId: string;
  word: string;
}

const BATCH = 1_000;
const STATUSES = ['pending', 'in_progress', 'in_progress', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed', 'closed'] as const;
const WORDS = ['pedido', 'entrega', 'boleto', 'troca', 'garantia', 'pix', 'nota', 'fiscal', 'atraso', 'cancelamento'];
const FIRST_NAMES = ['Ana', 'João', 'Maria', 'José', 'Antônio', 'Francisca', 'Carlos', 'Paulo', 'Lúcia', 'Márcia'];

async function insertAll<T extends keyof DB>(db: Kysely<DB>, table: T, rows: Insertable<DB[T]>[]): Promise<void> {
  // SQLite caps bound parameters per statement; a few hundred rows of ~15 columns stay under it.
  const step = 300;
  for (let i = 0; i < rows.length; i += step)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + step) as never)
      .execute();
}

/** One organization's customers, chats, messages and events; `agents` and `tagId` are spread over them. */
async function seedOrganization(
  runtime: Runtime,
  organizationId: string,
  channelId: string,
  size: { customers: number; chats: number; messages: number },
  people: { agents: string[]; tagId: string | null },
  phoneBase: number,
): Promise<{ phone: string; name: string; chatId: string }> {
  const start = Date.now() - 90 * 86_400_000;
  const span = 90 * 86_400_000;
  const perChat = Math.max(1, Math.round(size.messages / Math.max(1, size.chats)));
  let busiest = { phone: '', name: '', chatId: '' };
  for (let first = 0; first < size.customers; first += BATCH) {
    const customers: Insertable<DB['customers']>[] = [];
    const contacts: Insertable<DB['customer_contacts']>[] = [];
    const tags: Insertable<DB['customer_tags']>[] = [];
    const chats: Insertable<DB['chats']>[] = [];
    const messages: Insertable<DB['messages']>[] = [];
    const events: Insertable<DB['events']>[] = [];
    for (let i = first; i < Math.min(first + BATCH, size.customers); i++) {
      const at = new Date(start + Math.floor((span * i) / size.customers)).toISOString();
      const customerId = newId();
      const phone = String(phoneBase + i);
      const row = customerRow(organizationId, customerId, i, at);
      const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} Cliente ${i}`;
      customers.push({ ...row, name });
      contacts.push({
        id: newId(),
        organization_id: organizationId,
        customer_id: customerId,
        type: 'whatsapp',
        value: phone,
        match_key: phone,
        label: null,
        created_at: at,
      });
      if (people.tagId && i % 20 === 0)
        tags.push({ organization_id: organizationId, customer_id: customerId, tag_id: people.tagId, chat_id: null, created_at: at });
      if (i >= size.chats) continue;
      const chatId = newId();
      const status = STATUSES[i % STATUSES.length]!;
      const assignee = status === 'pending' ? null : people.agents[i % people.agents.length]!;
      chats.push({
        id: chatId,
        organization_id: organizationId,
        channel_id: channelId,
        customer_id: customerId,
        contact: phone,
        status,
        team_id: null,
        assignee_profile_id: assignee,
        collaborator_profile_ids: '[]',
        response_flow_id: null,
        created_at: at,
        updated_at: at,
        closed_at: status === 'closed' ? at : null,
        last_inbound_at: at,
      });
      for (let m = 0; m < perChat; m++) {
        const inbound = m % 2 === 0;
        const messageAt = new Date(Date.parse(at) + m * 60_000).toISOString();
        const messageId = newId();
        messages.push({
          id: messageId,
          organization_id: organizationId,
          chat_id: chatId,
          channel_id: channelId,
          direction: inbound ? 'inbound' : 'outbound',
          recipient: phone,
          type: 'text',
          content: JSON.stringify({ text: `mensagem ${m} sobre ${WORDS[(i + m) % WORDS.length]} do cliente ${i}` }),
          status: inbound ? 'read' : 'read',
          provider_message_id: `cap-${messageId}`,
          error_code: null,
          error_message: null,
          sequence_id: null,
          sequence_index: null,
          temp_id: null,
          sender_profile_id: inbound ? null : assignee,
          source: inbound ? null : 'console',
          created_at: messageAt,
          updated_at: messageAt,
        });
        events.push({
          id: newId(),
          organization_id: organizationId,
          type: inbound ? 'message.received' : 'message.status_updated',
          payload: JSON.stringify({ message_id: messageId, chat_id: chatId }),
          created_at: messageAt,
        });
      }
      if (i === size.chats - 1) busiest = { phone, name, chatId };
    }
    await runtime.deps.db.transaction().execute(async (trx) => {
      await insertAll(trx, 'customers', customers);
      await insertAll(trx, 'customer_contacts', contacts);
      await insertAll(trx, 'customer_tags', tags);
      await insertAll(trx, 'chats', chats);
      await insertAll(trx, 'messages', messages);
      await insertAll(trx, 'events', events);
    });
  }
  return busiest;
}

async function organizationWithChannel(runtime: Runtime, name: string) {
  const { organizationId, key } = await seedBenchOrganization(runtime.services, name);
  const channel = await runtime.services.channels.create(organizationId, {
    kind: 'whatsapp_zapi',
    name: 'Seed',
    config: { sandbox: true },
  });
  return { organizationId, key, channelId: channel.id };
}

/** Seeds the dataset at `scale` and answers what the reads look for in the large organization. */
export async function seedCapacityDataset(runtime: Runtime, scale: number, log: (line: string) => void): Promise<CapacitySample> {
  const size = capacitySize(scale);
  const large = await organizationWithChannel(runtime, 'Large');
  const agents: string[] = [];
  for (let a = 0; a < 20; a++) {
    const profile = await runtime.services.tenancy.createProfile({
      name: `Agente ${a}`,
      email: `agent-${a}-${large.organizationId}@example.com`,
    });
    await runtime.services.tenancy.addMember(large.organizationId, { profileId: profile.id, role: 'agent' });
    agents.push(profile.id);
  }
  const tag = await runtime.services.tags.create(large.organizationId, { name: 'VIP', color: '#aa0000' });
  const started = performance.now();
  const busiest = await seedOrganization(runtime, large.organizationId, large.channelId, size, { agents, tagId: tag.id }, 5511900000000);
  log(
    `large organization: ${size.customers} customers, ${size.chats} chats, ${size.messages} messages in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const smallStarted = performance.now();
  for (let s = 0; s < size.smallOrganizations; s++) {
    // No member or key: nothing reads them, they are there to share the tables.
    const org = await runtime.services.tenancy.createOrganization({ name: `Small ${s}`, plan: 'enterprise' });
    const channel = await runtime.services.channels.create(org.id, { kind: 'whatsapp_zapi', name: 'Seed', config: { sandbox: true } });
    const small = { organizationId: org.id, channelId: channel.id };
    await seedOrganization(
      runtime,
      small.organizationId,
      small.channelId,
      { customers: 100, chats: 20, messages: 100 },
      { agents: [], tagId: null },
      5521900000000 + s * 1000,
    );
  }
  log(`${size.smallOrganizations} small organizations in ${((performance.now() - smallStarted) / 1000).toFixed(0)} s`);
  // PostgreSQL's autovacuum would soon do this after a bulk load; its visibility map is what lets
  // the reads answer from their indexes alone (the reports bench does the same).
  await (runtime.deps.dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(runtime.deps.db);
  return {
    organizationId: large.organizationId,
    key: large.key,
    phone: busiest.phone,
    name: busiest.name,
    chatId: busiest.chatId,
    agentProfileId: agents[3]!,
    tagId: tag.id,
    word: 'garantia',
  };
}
