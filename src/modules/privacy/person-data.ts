/**
 * What the service keeps of one person (a customer): the rows the export reads and the erasure
 * removes. Contacts, tags, notes, field values and stage history hang off the customer row; chats
 * off it too, and messages, message sequences and flow runs off the chats (all `on delete cascade`,
 * migrations 0001, 0008, 0011). Files are the organization's, linked to a person only by the
 * `file_id` in the content of the messages that sent them.
 */
import type { Selectable } from 'kysely';
import type { ChatsTable, MessagesTable } from '../../db/schema.js';
import type { TenantQueries } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import { fromJson } from '../../lib/json.js';

export interface PersonRows {
  chats: Selectable<ChatsTable>[];
  messages: Selectable<MessagesTable>[];
  /** Files the person's messages name (content `file_id`), each once, in first-use order. */
  fileIds: string[];
}

export function customerNotFound(): AppError {
  return new AppError('CUSTOMER_NOT_FOUND', 'Customer not found');
}

export async function requirePerson(q: TenantQueries, customerId: string): Promise<void> {
  const row = await q.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
  if (!row) throw customerNotFound();
}

export function fileIdOf(content: string): string | undefined {
  const value = fromJson<{ file_id?: unknown } | null>(content, null);
  return value && typeof value === 'object' && typeof value.file_id === 'string' ? value.file_id : undefined;
}

/** The person's chats (oldest first), their messages (in order) and the files those name. */
export async function personRows(q: TenantQueries, customerId: string): Promise<PersonRows> {
  const chats = await q.selectFrom('chats').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
  const chatIds = chats.map((c) => c.id);
  const messages =
    chatIds.length === 0
      ? []
      : await q.selectFrom('messages').selectAll().where('chat_id', 'in', chatIds).orderBy('chat_id').orderBy('id').execute();
  const fileIds = [...new Set(messages.flatMap((m) => fileIdOf(m.content) ?? []))];
  return { chats, messages, fileIds };
}

/** `value` as a LIKE pattern matching it anywhere, its wildcards escaped (used with `escape '\'`). */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `items` in chunks of `size` (statements with a bounded number of parameters). */
export function chunks<T>(items: T[], size = 50): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
