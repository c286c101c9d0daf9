/**
 * Canned responses (DESIGN §11 "The composer"): an organization's saved replies, which an agent
 * picks with `/shortcut` in the reply box. Shortcuts are unique per organization regardless of
 * case (stored lower case; the unique index decides a race). Placeholders are the flows' own
 * (flow-variables.ts): asked with a chat, each reply comes back `rendered` for that chat's customer,
 * so the agent sees and can edit the very text that will go.
 */
import type { Selectable } from 'kysely';
import type { AppDeps } from '../../deps.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { CannedResponsesTable } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { builtInScope, render } from '../flows/index.js';
import { loadCustomerRecord } from '../customers/index.js';

export interface CannedResponseRecord {
  id: string;
  shortcut: string;
  title: string;
  content: string;
  rendered?: string;
  createdAt: string;
  updatedAt: string;
}

interface Input {
  shortcut: string;
  title: string;
  content: string;
}

function toRecord(row: Selectable<CannedResponsesTable>): CannedResponseRecord {
  return {
    id: row.id,
    shortcut: row.shortcut,
    title: row.title,
    content: row.content,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function shortcutTaken(shortcut: string): AppError {
  return new AppError('SHORTCUT_TAKEN', `A canned response with the shortcut "/${shortcut}" already exists in this organization`, [
    { field: 'shortcut', message: 'is already used by another canned response' },
  ]);
}

export class CannedResponsesService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'clock'>) {}

  async list(organizationId: string, query: { q?: string; chatId?: string }): Promise<CannedResponseRecord[]> {
    const q = tenantQueries(this.deps.db, organizationId);
    const rows = await q.selectFrom('canned_responses').selectAll().orderBy('shortcut').execute();
    const text = query.q?.trim().toLowerCase();
    const records = rows.filter((row) => !text || row.shortcut.startsWith(text) || row.title.toLowerCase().includes(text)).map(toRecord);
    if (query.chatId === undefined) return records;
    const scope = await this.scopeOfChat(organizationId, query.chatId);
    return records.map((record) => ({ ...record, rendered: render(record.content, scope) }));
  }

  async create(organizationId: string, input: Input): Promise<CannedResponseRecord> {
    const now = this.deps.clock.now().toISOString();
    const row = { id: newId(), organization_id: organizationId, ...clean(input), created_at: now, updated_at: now };
    await this.write(row.shortcut, () => this.deps.db.insertInto('canned_responses').values(row).execute());
    return toRecord(row);
  }

  async update(organizationId: string, id: string, input: Partial<Input>): Promise<CannedResponseRecord> {
    const q = tenantQueries(this.deps.db, organizationId);
    const current = await q.selectFrom('canned_responses').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound('CANNED_RESPONSE_NOT_FOUND', 'Canned response');
    const next = { ...current, ...clean({ ...toRecord(current), ...input }), updated_at: this.deps.clock.now().toISOString() };
    await this.write(next.shortcut, () =>
      q
        .updateTable('canned_responses')
        .set({ shortcut: next.shortcut, title: next.title, content: next.content, updated_at: next.updated_at })
        .where('id', '=', id)
        .execute(),
    );
    return toRecord(next);
  }

  async delete(organizationId: string, id: string): Promise<void> {
    const result = await tenantQueries(this.deps.db, organizationId).deleteFrom('canned_responses').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('CANNED_RESPONSE_NOT_FOUND', 'Canned response');
  }

  private async write(shortcut: string, statement: () => Promise<unknown>): Promise<void> {
    try {
      await statement();
    } catch (err) {
      if (isUniqueViolation(err)) throw shortcutTaken(shortcut);
      throw err;
    }
  }

  /** The placeholders' scope for a chat: its customer, as a flow step reads it. */
  private async scopeOfChat(organizationId: string, chatId: string) {
    const q = tenantQueries(this.deps.db, organizationId);
    const chat = await q.selectFrom('chats').select(['id', 'customer_id']).where('id', '=', chatId).executeTakeFirst();
    if (!chat) throw new AppError('CHAT_NOT_FOUND', 'Chat not found');
    return builtInScope(await loadCustomerRecord(q, chat.customer_id), chat.id);
  }
}

function clean(input: Input): Input {
  return { shortcut: input.shortcut.toLowerCase(), title: input.title.trim(), content: input.content };
}
