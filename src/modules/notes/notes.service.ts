/**
 * Internal notes on a customer (spec 10–12). A note is addressed through its customer: a note of
 * another customer (or organization) is "not found". Every change fires a customer.note_* event.
 */
import type { Selectable } from 'kysely';
import type { AppDeps } from '../../deps.js';
import type { NotesTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, notFound, validationError } from '../../errors.js';
import type { Executor } from '../../db/executor.js';
import { newId } from '../../lib/ids.js';
import { requireCustomer } from '../customers/references.js';

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
    await requireCustomer(this.deps.db, organizationId, customerId);
    const rows = await this.deps.db
      .selectFrom('notes')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .execute();
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
        await requireCustomer(trx, organizationId, customerId);
        await trx.insertInto('notes').values(row).execute();
        const note = toNote(row);
        await this.deps.events.record(trx, { organizationId, type: 'customer.note_created', data: { customerId, note } });
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
    const now = this.deps.clock.now().toISOString();
    return this.deps.db.transaction().execute(async (trx) => {
      const current = await this.find(trx, organizationId, customerId, noteId);
      const next = { ...current, title, content: input.content !== undefined ? input.content : current.content, updated_at: now };
      await trx
        .updateTable('notes')
        .set({ title: next.title, content: next.content, updated_at: now })
        .where('organization_id', '=', organizationId)
        .where('id', '=', noteId)
        .execute();
      const note = toNote(next);
      await this.deps.events.record(trx, { organizationId, type: 'customer.note_updated', data: { customerId, note } });
      return note;
    });
  }

  async delete(organizationId: string, customerId: string, noteId: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const current = await this.find(trx, organizationId, customerId, noteId);
      await trx.deleteFrom('notes').where('organization_id', '=', organizationId).where('id', '=', noteId).execute();
      await this.deps.events.record(trx, { organizationId, type: 'customer.note_deleted', data: { customerId, noteId: current.id } });
    });
  }

  private async find(trx: Executor, organizationId: string, customerId: string, noteId: string): Promise<Selectable<NotesTable>> {
    await requireCustomer(trx, organizationId, customerId);
    const row = await trx
      .selectFrom('notes')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('customer_id', '=', customerId)
      .where('id', '=', noteId)
      .executeTakeFirst();
    if (!row) throw notFound('NOTE_NOT_FOUND', 'Note');
    return row;
  }
}
