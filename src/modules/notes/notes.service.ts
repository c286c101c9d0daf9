/**
 * Internal notes on a customer (spec 10–12). A note is addressed through its customer: a note of
 * another customer (or organization) is "not found". Every change fires a customer.note_* event.
 */
import type { Selectable } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { NotesTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, notFound, validationError } from '../../errors.js';
import { tenantQueries, type TenantQueries } from '../../db/tenant.js';
import { newId } from '../../lib/ids.js';
import { requireCustomer } from '../customers/index.js';
import { LOG_TIME, orgContext } from '../shared/index.js';

export interface NoteRecord {
  id: string;
  customerId: string;
  title: string;
  content: string | null;
  authorProfileId: string | null;
  createdAt: string;
  updatedAt: string;
}

function toNote(row: Selectable<NotesTable>): NoteRecord {
  return {
    id: row.id,
    customerId: row.customer_id,
    title: row.title,
    content: row.content,
    authorProfileId: row.author_profile_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function cleanTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw validationError([{ field: 'title', message: 'must not be blank' }]);
  return trimmed;
}

export class NotesService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'events' | 'clock'>) {}

  async list(organizationId: string, customerId: string): Promise<NoteRecord[]> {
    const q = tenantQueries(this.deps.db, organizationId);
    await requireCustomer(q, customerId);
    const rows = await q.selectFrom('notes').selectAll().where('customer_id', '=', customerId).orderBy('id', 'desc').execute();
    return rows.map(toNote);
  }

  /** A client-chosen id already in use is a 409 (ids are global, so we do not say whose). */
  async create(
    organizationId: string,
    customerId: string,
    input: { id?: string; title: string; content?: string | null },
    authorProfileId: string | null,
  ): Promise<NoteRecord> {
    const now = this.deps.clock.now().toISOString();
    const row = {
      id: input.id?.toLowerCase() ?? newId(),
      organization_id: organizationId,
      customer_id: customerId,
      title: cleanTitle(input.title),
      content: input.content ?? null,
      author_profile_id: authorProfileId,
      created_at: now,
      updated_at: now,
    };
    try {
      return await this.deps.db.transaction().execute(async (trx) => {
        const ctx = orgContext(this.deps, trx, organizationId, now);
        await requireCustomer(ctx.q, customerId);
        await trx.insertInto('notes').values(row).execute();
        const note = toNote(row);
        await ctx.emit('customer.note_created', { customer_id: customerId, note }, LOG_TIME);
        return note;
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError('ALREADY_EXISTS', `A note with id ${row.id} already exists`, [{ field: 'id', message: 'is already used' }]);
      throw err;
    }
  }

  async update(
    organizationId: string,
    customerId: string,
    noteId: string,
    input: { title: string; content?: string | null },
  ): Promise<NoteRecord> {
    const title = cleanTitle(input.title);
    return this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      const { q, now } = ctx;
      const current = await this.find(q, customerId, noteId);
      const next = { ...current, title, content: input.content !== undefined ? input.content : current.content, updated_at: now };
      await q.updateTable('notes').set({ title: next.title, content: next.content, updated_at: now }).where('id', '=', noteId).execute();
      const note = toNote(next);
      await ctx.emit('customer.note_updated', { customer_id: customerId, note }, LOG_TIME);
      return note;
    });
  }

  async delete(organizationId: string, customerId: string, noteId: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      const current = await this.find(ctx.q, customerId, noteId);
      await ctx.q.deleteFrom('notes').where('id', '=', noteId).execute();
      await ctx.emit('customer.note_deleted', { customer_id: customerId, note_id: current.id }, LOG_TIME);
    });
  }

  private async find(q: TenantQueries, customerId: string, noteId: string): Promise<Selectable<NotesTable>> {
    await requireCustomer(q, customerId);
    const row = await q.selectFrom('notes').selectAll().where('customer_id', '=', customerId).where('id', '=', noteId).executeTakeFirst();
    if (!row) throw notFound('NOTE_NOT_FOUND', 'Note');
    return row;
  }
}
