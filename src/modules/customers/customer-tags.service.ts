/**
 * Tags on customers (endpoints 7–8, and `selectedTags` on create/update). Attach and detach are
 * idempotent: attaching an attached tag or detaching a detached one changes nothing and fires no
 * event. `chatId` (the conversation the change was made from) is kept for audit: on the link row
 * and in the event.
 */
import type { AppDeps } from '../../deps.js';
import type { TenantQueries } from '../../db/tenant.js';
import { notFound } from '../../errors.js';
import { LOG_TIME, orgContext, type OrgContext } from '../shared/index.js';
import { requireChat, requireCustomer } from './references.js';

export interface TagChangeContext {
  chatId?: string | null;
  actorProfileId?: string | null;
}

async function requireTag(q: TenantQueries, tagId: string): Promise<void> {
  const row = await q.selectFrom('tags').select('id').where('id', '=', tagId).executeTakeFirst();
  if (!row) throw notFound('TAG_NOT_FOUND', 'Tag');
}

async function touchCustomer(ctx: OrgContext, customerId: string): Promise<void> {
  await ctx.q.updateTable('customers').set({ updated_at: ctx.now }).where('id', '=', customerId).execute();
}

/**
 * Inserts the links that are missing; returns the tag ids newly attached. Tag ids must be checked by
 * the caller. One `INSERT … ON CONFLICT DO NOTHING RETURNING` on both dialects: a concurrent attach
 * of the same tag waits for the other's commit on the primary key and then inserts nothing, so it
 * reports nothing added (no second event) instead of failing on the unique violation.
 */
export async function attachTags(ctx: OrgContext, customerId: string, tagIds: string[], chatId: string | null): Promise<string[]> {
  const wanted = [...new Set(tagIds)];
  if (wanted.length === 0) return [];
  const inserted = await ctx.trx
    .insertInto('customer_tags')
    .values(
      wanted.map((tagId) => ({
        organization_id: ctx.organizationId,
        customer_id: customerId,
        tag_id: tagId,
        chat_id: chatId,
        created_at: ctx.now,
      })),
    )
    .onConflict((oc) => oc.columns(['organization_id', 'customer_id', 'tag_id']).doNothing())
    .returning('tag_id')
    .execute();
  const added = new Set(inserted.map((r) => r.tag_id));
  return wanted.filter((id) => added.has(id));
}

/** Makes the customer's tags exactly `tagIds` (selectedTags is the whole selection). */
export async function setTags(ctx: OrgContext, customerId: string, tagIds: string[]): Promise<{ added: string[]; removed: string[] }> {
  const current = await ctx.q.selectFrom('customer_tags').select('tag_id').where('customer_id', '=', customerId).execute();
  const wanted = new Set(tagIds);
  const removed = current.map((r) => r.tag_id).filter((id) => !wanted.has(id));
  if (removed.length > 0) {
    await ctx.q.deleteFrom('customer_tags').where('customer_id', '=', customerId).where('tag_id', 'in', removed).execute();
  }
  const added = await attachTags(ctx, customerId, tagIds, null);
  return { added, removed };
}

export async function recordTagEvents(
  ctx: OrgContext,
  customerId: string,
  change: { added: string[]; removed: string[] },
  context: TagChangeContext,
): Promise<void> {
  const extra = { chat_id: context.chatId ?? null, actor_profile_id: context.actorProfileId ?? null };
  for (const tagId of change.added) await ctx.emit('customer.tag_added', { customer_id: customerId, tag_id: tagId, ...extra }, LOG_TIME);
  for (const tagId of change.removed)
    await ctx.emit('customer.tag_removed', { customer_id: customerId, tag_id: tagId, ...extra }, LOG_TIME);
}

export class CustomerTagsService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'events' | 'clock'>) {}

  async attach(organizationId: string, customerId: string, tagId: string, context: TagChangeContext): Promise<void> {
    await this.deps.db
      .transaction()
      .execute((trx) => this.attachIn(orgContext(this.deps, trx, organizationId), customerId, tagId, context));
  }

  async detach(organizationId: string, customerId: string, tagId: string, context: TagChangeContext): Promise<void> {
    await this.deps.db
      .transaction()
      .execute((trx) => this.detachIn(orgContext(this.deps, trx, organizationId), customerId, tagId, context));
  }

  /** Attach in the caller's transaction (a flow step): the same checks, link and event as the endpoint. */
  async attachIn(ctx: OrgContext, customerId: string, tagId: string, context: TagChangeContext): Promise<void> {
    await this.check(ctx.q, customerId, tagId, context.chatId);
    const added = await attachTags(ctx, customerId, [tagId], context.chatId ?? null);
    if (added.length === 0) return;
    await touchCustomer(ctx, customerId);
    await recordTagEvents(ctx, customerId, { added, removed: [] }, context);
  }

  async detachIn(ctx: OrgContext, customerId: string, tagId: string, context: TagChangeContext): Promise<void> {
    await this.check(ctx.q, customerId, tagId, context.chatId);
    const result = await ctx.q
      .deleteFrom('customer_tags')
      .where('customer_id', '=', customerId)
      .where('tag_id', '=', tagId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return;
    await touchCustomer(ctx, customerId);
    await recordTagEvents(ctx, customerId, { added: [], removed: [tagId] }, context);
  }

  private async check(q: TenantQueries, customerId: string, tagId: string, chatId: string | null | undefined): Promise<void> {
    await requireCustomer(q, customerId);
    await requireTag(q, tagId);
    if (chatId) await requireChat(q, chatId);
  }
}
