/**
 * Tags on customers (endpoints 7–8, and `selectedTags` on create/update). Attach and detach are
 * idempotent: attaching an attached tag or detaching a detached one changes nothing and fires no
 * event. `chatId` (the conversation the change was made from) is kept for audit: on the link row
 * and in the event.
 */
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { Executor } from '../../db/executor.js';
import { requireChat, requireCustomer } from './references.js';

export interface TagChangeContext {
  chatId?: string | null;
  actorProfileId?: string | null;
}

async function requireTag(db: Executor, organizationId: string, tagId: string): Promise<void> {
  const row = await db
    .selectFrom('tags')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', tagId)
    .executeTakeFirst();
  if (!row) throw notFound('TAG_NOT_FOUND', 'Tag');
}

async function touchCustomer(trx: Executor, organizationId: string, customerId: string, now: string): Promise<void> {
  await trx
    .updateTable('customers')
    .set({ updated_at: now })
    .where('organization_id', '=', organizationId)
    .where('id', '=', customerId)
    .execute();
}

/** Inserts the links that are missing; returns the tag ids newly attached. Tag ids must be checked by the caller. */
export async function attachTags(
  trx: Executor,
  organizationId: string,
  customerId: string,
  tagIds: string[],
  chatId: string | null,
  now: string,
): Promise<string[]> {
  if (tagIds.length === 0) return [];
  const present = await trx
    .selectFrom('customer_tags')
    .select('tag_id')
    .where('organization_id', '=', organizationId)
    .where('customer_id', '=', customerId)
    .where('tag_id', 'in', tagIds)
    .execute();
  const have = new Set(present.map((r) => r.tag_id));
  const added = [...new Set(tagIds)].filter((id) => !have.has(id));
  if (added.length > 0) {
    await trx
      .insertInto('customer_tags')
      .values(
        added.map((tagId) => ({
          organization_id: organizationId,
          customer_id: customerId,
          tag_id: tagId,
          chat_id: chatId,
          created_at: now,
        })),
      )
      .execute();
  }
  return added;
}

/** Makes the customer's tags exactly `tagIds` (selectedTags is the whole selection). */
export async function setTags(
  trx: Executor,
  organizationId: string,
  customerId: string,
  tagIds: string[],
  now: string,
): Promise<{ added: string[]; removed: string[] }> {
  const current = await trx
    .selectFrom('customer_tags')
    .select('tag_id')
    .where('organization_id', '=', organizationId)
    .where('customer_id', '=', customerId)
    .execute();
  const wanted = new Set(tagIds);
  const removed = current.map((r) => r.tag_id).filter((id) => !wanted.has(id));
  if (removed.length > 0) {
    await trx
      .deleteFrom('customer_tags')
      .where('organization_id', '=', organizationId)
      .where('customer_id', '=', customerId)
      .where('tag_id', 'in', removed)
      .execute();
  }
  const added = await attachTags(trx, organizationId, customerId, tagIds, null, now);
  return { added, removed };
}

export async function recordTagEvents(
  deps: Pick<AppDeps, 'events'>,
  trx: Executor,
  organizationId: string,
  customerId: string,
  change: { added: string[]; removed: string[] },
  context: TagChangeContext,
): Promise<void> {
  const extra = { chatId: context.chatId ?? null, actorProfileId: context.actorProfileId ?? null };
  for (const tagId of change.added)
    await deps.events.record(trx, { organizationId, type: 'customer.tag_added', data: { customerId, tagId, ...extra } });
  for (const tagId of change.removed)
    await deps.events.record(trx, { organizationId, type: 'customer.tag_removed', data: { customerId, tagId, ...extra } });
}

export class CustomerTagsService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'events' | 'clock'>) {}

  async attach(organizationId: string, customerId: string, tagId: string, context: TagChangeContext): Promise<void> {
    const now = this.deps.clock.now().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      await this.check(trx, organizationId, customerId, tagId, context.chatId);
      const added = await attachTags(trx, organizationId, customerId, [tagId], context.chatId ?? null, now);
      if (added.length === 0) return;
      await touchCustomer(trx, organizationId, customerId, now);
      await recordTagEvents(this.deps, trx, organizationId, customerId, { added, removed: [] }, context);
    });
  }

  async detach(organizationId: string, customerId: string, tagId: string, context: TagChangeContext): Promise<void> {
    const now = this.deps.clock.now().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      await this.check(trx, organizationId, customerId, tagId, context.chatId);
      const result = await trx
        .deleteFrom('customer_tags')
        .where('organization_id', '=', organizationId)
        .where('customer_id', '=', customerId)
        .where('tag_id', '=', tagId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return;
      await touchCustomer(trx, organizationId, customerId, now);
      await recordTagEvents(this.deps, trx, organizationId, customerId, { added: [], removed: [tagId] }, context);
    });
  }

  private async check(
    trx: Executor,
    organizationId: string,
    customerId: string,
    tagId: string,
    chatId: string | null | undefined,
  ): Promise<void> {
    await requireCustomer(trx, organizationId, customerId);
    await requireTag(trx, organizationId, tagId);
    if (chatId) await requireChat(trx, organizationId, chatId);
  }
}
