/**
 * Tags of an organization. Names are unique per organization regardless of case ("VIP" and
 * "vip" are one tag to a person reading a list). Deleting a tag detaches it from every customer
 * (customer_tags rows cascade with it).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, notFound, validationError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { EventLog } from '../../event-log/event-log.js';
import { newId } from '../../lib/ids.js';
import { sql } from 'kysely';

export interface TagRecord {
  id: string;
  name: string;
  color: string;
}

function nameTaken(name: string): AppError {
  return new AppError('TAG_NAME_TAKEN', `A tag named "${name}" already exists in this organization`, [
    { field: 'name', message: 'is already used by another tag' },
  ]);
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw validationError([{ field: 'name', message: 'must not be blank' }]);
  return trimmed;
}

export class TagsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly events: EventLog,
  ) {}

  async list(organizationId: string): Promise<TagRecord[]> {
    return this.db
      .selectFrom('tags')
      .select(['id', 'name', 'color'])
      .where('organization_id', '=', organizationId)
      .orderBy('name')
      .execute();
  }

  async create(organizationId: string, input: { name: string; color: string }): Promise<TagRecord> {
    const name = cleanName(input.name);
    const now = this.clock.now().toISOString();
    const row = { id: newId(), organization_id: organizationId, name, color: input.color, created_at: now, updated_at: now };
    await this.write(organizationId, name, undefined, () => this.db.insertInto('tags').values(row).execute());
    return { id: row.id, name, color: row.color };
  }

  async update(organizationId: string, tagId: string, input: { name?: string; color?: string }): Promise<TagRecord> {
    const current = await this.get(organizationId, tagId);
    const name = input.name !== undefined ? cleanName(input.name) : current.name;
    const color = input.color ?? current.color;
    await this.write(organizationId, name, tagId, () =>
      this.db
        .updateTable('tags')
        .set({ name, color, updated_at: this.clock.now().toISOString() })
        .where('organization_id', '=', organizationId)
        .where('id', '=', tagId)
        .execute(),
    );
    return { id: tagId, name, color };
  }

  /**
   * Deleting a tag detaches it from every customer, and each detachment is a `customer.tag_removed`
   * event like any other (an integrator mirroring tags must not miss it).
   */
  async delete(organizationId: string, tagId: string, actorProfileId: string | null = null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const tagged = await trx
        .selectFrom('customer_tags')
        .select('customer_id')
        .where('organization_id', '=', organizationId)
        .where('tag_id', '=', tagId)
        .execute();
      // Explicit, not only the foreign key cascade, so the rule holds whatever the schema says.
      await trx.deleteFrom('customer_tags').where('organization_id', '=', organizationId).where('tag_id', '=', tagId).execute();
      const result = await trx.deleteFrom('tags').where('organization_id', '=', organizationId).where('id', '=', tagId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound('TAG_NOT_FOUND', 'Tag');
      for (const { customer_id: customerId } of tagged) {
        await this.events.record(trx, {
          organizationId,
          type: 'customer.tag_removed',
          data: { customerId, tagId, chatId: null, actorProfileId, reason: 'tag_deleted' },
        });
      }
    });
  }

  private async get(organizationId: string, tagId: string): Promise<TagRecord> {
    const row = await this.db
      .selectFrom('tags')
      .select(['id', 'name', 'color'])
      .where('organization_id', '=', organizationId)
      .where('id', '=', tagId)
      .executeTakeFirst();
    if (!row) throw notFound('TAG_NOT_FOUND', 'Tag');
    return row;
  }

  /** The case-insensitive check answers the common case; the unique index settles a race. */
  private async write(organizationId: string, name: string, exceptTagId: string | undefined, run: () => Promise<unknown>): Promise<void> {
    let clash = this.db
      .selectFrom('tags')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where(sql`lower(name)`, '=', name.toLowerCase());
    if (exceptTagId) clash = clash.where('id', '!=', exceptTagId);
    if (await clash.executeTakeFirst()) throw nameTaken(name);
    try {
      await run();
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(name);
      throw err;
    }
  }
}
