/**
 * One search box over an organization (DESIGN §11 "Search"): customers by any part of their name
 * (accents and case ignored), e-mail, document or phone; messages by their words; and the chats
 * both lead to, so an agent lands on a conversation. Each part reads its own index (customer-index,
 * message-index: migration 0037) and is bounded by `limit`.
 */
import type { DefaultCountries } from '../../access/default-countries.js';
import type { Executor } from '../../db/executor.js';
import { messageWords } from '../../lib/search-text.js';
import { chatListItemsOf, previewOf, type ChatListRecord, visibleTo, type ChatViewer, messageIdsMatching } from '../chats/index.js';
import { listCustomers, type CustomerRecord } from '../customers/index.js';

export interface SearchMessage {
  id: string;
  chatId: string;
  customerId: string;
  customerName: string;
  direction: 'inbound' | 'outbound';
  type: string;
  preview: string;
  createdAt: string;
}

export interface SearchResult {
  customers: CustomerRecord[];
  chats: ChatListRecord[];
  messages: SearchMessage[];
}

export interface SearchInput {
  q: string;
  limit: number;
  viewer: ChatViewer;
  /** Whether the caller may read customers (a key without `customers:read` gets chats and messages only). */
  withCustomers: boolean;
  /** How the organization reads a national number in `q` (kept in memory: access/default-countries.ts). */
  countries: DefaultCountries;
}

export async function search(db: Executor, organizationId: string, input: SearchInput): Promise<SearchResult> {
  const { q, limit, viewer, countries } = input;
  // Customers are matched whether or not the caller may read their records: their chats answer too.
  const customers = (await listCustomers(db, organizationId, { q, limit }, countries)).data;
  const messages = await matchingMessages(db, organizationId, q, limit, viewer);
  const chats = await chatListItemsOf(
    db,
    organizationId,
    { customerIds: customers.map((c) => c.id), chatIds: [...new Set(messages.map((m) => m.chatId))] },
    viewer,
    limit,
  );
  return { customers: input.withCustomers ? customers : [], chats, messages };
}

async function matchingMessages(
  db: Executor,
  organizationId: string,
  q: string,
  limit: number,
  viewer: ChatViewer,
): Promise<SearchMessage[]> {
  const found = await messageIdsMatching(db, organizationId, messageWords(q), limit);
  if (found.length === 0) return [];
  let select = db
    .selectFrom('messages as m')
    .innerJoin('chats as c', (join) => join.onRef('c.id', '=', 'm.chat_id').onRef('c.organization_id', '=', 'm.organization_id'))
    .innerJoin('customers as cu', (join) => join.onRef('cu.id', '=', 'c.customer_id').onRef('cu.organization_id', '=', 'c.organization_id'))
    .select(['m.id', 'm.chat_id', 'm.direction', 'm.type', 'm.content', 'm.created_at', 'c.customer_id', 'cu.name'])
    .where('m.organization_id', '=', organizationId)
    .where(
      'm.id',
      'in',
      found.map((f) => f.messageId),
    );
  if (viewer) select = select.where(visibleTo(viewer, organizationId));
  const rows = await select.orderBy('m.id', 'desc').execute();
  return rows.map((row) => ({
    id: row.id,
    chatId: row.chat_id,
    customerId: row.customer_id,
    customerName: row.name,
    direction: row.direction as SearchMessage['direction'],
    type: row.type,
    preview: previewOf(row.type, typeof row.content === 'string' ? row.content : JSON.stringify(row.content)),
    createdAt: row.created_at,
  }));
}
