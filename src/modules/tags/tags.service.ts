/**
 * Tags of an organization. Names are unique per organization regardless of case ("VIP" and
 * "vip" are one tag to a person reading a list). Deleting a tag detaches it from every customer
 * (customer_tags rows cascade with it).
 */
import { sql } from 'kysely';
import type { AppDeps } from '../../deps.js';
import { isUniqueViolation } from '../../db/errors.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError, notFound, validationError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { LOG_TIME, orgContext } from '../shared/index.js';

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
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'clock' | 'events'>) {}

  async list(organizationId: string): Promise<TagRecord[]> {
    return tenantQueries(this.deps.db, organizationId).selectFrom('tags').select(['id', 'name', 'color']).orderBy('name').execute();
  }

  async create(organizationId: string, input: { name: string; color: string }): Promise<TagRecord> {
    const name = cleanName(input.name);
    const now = this.deps.clock.now().toISOString();
    const row = { id: newId(), organization_id: organizationId, name, color: input.color, created_at: now, updated_at: now };
    await this.write(organizationId, name, undefined, () => this.deps.db.insertInto('tags').values(row).execute());
    return { id: row.id, name, color: row.color };
  }

  async update(organizationId: string, tagId: string, input: { name?: string; color?: string }): Promise<TagRecord> {
    const current = await this.get(organizationId, tagId);
    const name = input.name !== undefined ? cleanName(input.name) : current.name;
    const color = input.color ?? current.color;
    await this.write(organizationId, name, tagId, () =>
      tenantQueries(this.deps.db, organizationId)
        .updateTable('tags')
        .set({ name, color, updated_at: this.deps.clock.now().toISOString() })
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
    await this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      const tagged = await ctx.q.selectFrom('customer_tags').select('customer_id').where('tag_id', '=', tagId).execute();
      // Explicit, not only the foreign key cascade, so the rule holds whatever the schema says.
      await ctx.q.deleteFrom('customer_tags').where('tag_id', '=', tagId).execute();
      const result = await ctx.q.deleteFrom('tags').where('id', '=', tagId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound('TAG_NOT_FOUND', 'Tag');
      for (const { customer_id: customerId } of tagged) {
        await ctx.emit(
          'customer.tag_removed',
          { customer_id: customerId, tag_id: tagId, chat_id: null, actor_profile_id: actorProfileId, reason: 'tag_deleted' },
          LOG_TIME,
        );
      }
    });
  }

  private async get(organizationId: string, tagId: string): Promise<TagRecord> {
    const row = await tenantQueries(this.deps.db, organizationId)
      .selectFrom('tags')
      .select(['id', 'name', 'color'])
      .where('id', '=', tagId)
      .executeTakeFirst();
    if (!row) throw notFound('TAG_NOT_FOUND', 'Tag');
    return row;
  }

  /** The case-insensitive check answers the common case; the unique index settles a race. */
  private async write(organizationId: string, name: string, exceptTagId: string | undefined, run: () => Promise<unknown>): Promise<void> {
    let clash = tenantQueries(this.deps.db, organizationId)
      .selectFrom('tags')
      .select('id')
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
