/**
 * Applying what happened to messages, inside the caller's transaction: status changes (through the
 * status machine, as a conditional UPDATE so concurrent callbacks cannot move a status backwards).
 * Inbound messages are the chats module's (chats/inbound-messages.ts). Every applied change records its event in the same transaction; an ignored
 * one records nothing.
 */
import type { MessageStatus, NormalizedEvent } from '../../channels/provider.js';
import { prepareQuery, type PreparedQuery } from '../../db/prepared.js';
import type { OrgContext } from '../shared/index.js';
import { allowedPrevious } from './message-status.js';

export const MESSAGE_STATUS_UPDATED = 'message.status_updated';

export interface StatusChange {
  status: Exclude<MessageStatus, 'pending'>;
  /** When the provider says it happened; defaults to now. */
  occurredAt?: string;
  providerMessageId?: string;
  error?: { code: string; message: string };
}

function changeSet(change: StatusChange, now: string) {
  return {
    status: change.status,
    updated_at: now,
    // A message past `pending` has nothing left to send: its hand-over to a send job is off (send-outbox.ts).
    send_due_at: null,
    ...(change.providerMessageId ? { provider_message_id: change.providerMessageId } : {}),
    ...(change.error ? { error_code: change.error.code.slice(0, 200), error_message: change.error.message.slice(0, 2000) } : {}),
  };
}

async function recordStatus(ctx: OrgContext, messageId: string, change: StatusChange) {
  await ctx.emit(MESSAGE_STATUS_UPDATED, { message_id: messageId, status: change.status, timestamp: change.occurredAt ?? ctx.now });
}

type StatusUpdate = {
  organization_id: string;
  id: string;
  updated_at: string;
  provider_message_id: string | null;
  error_code: string | null;
  error_message: string | null;
};

/**
 * The conditional UPDATE of applyStatusById, built once per target status (its `status in (…)` list
 * is part of the SQL). A null provider id or error leaves the stored one as it is.
 */
const statusUpdates = new Map<StatusChange['status'], PreparedQuery<StatusUpdate, unknown>>();
function statusUpdate(status: StatusChange['status']): PreparedQuery<StatusUpdate, unknown> {
  let query = statusUpdates.get(status);
  if (!query) {
    query = prepareQuery<StatusUpdate>()((db, p) =>
      db
        .updateTable('messages')
        // changeSet's columns, with the optional ones as placeholders that keep the stored value when null.
        .set((eb) => ({
          status,
          updated_at: p('updated_at'),
          send_due_at: null,
          provider_message_id: eb.fn.coalesce(eb.val(p('provider_message_id')), eb.ref('provider_message_id')),
          error_code: eb.fn.coalesce(eb.val(p('error_code')), eb.ref('error_code')),
          error_message: eb.fn.coalesce(eb.val(p('error_message')), eb.ref('error_message')),
        }))
        .where('organization_id', '=', p('organization_id'))
        .where('id', '=', p('id'))
        .where('status', 'in', allowedPrevious(status)),
    );
    statusUpdates.set(status, query);
  }
  return query;
}

/** Applies a change to our message id; false when the status machine ignores it. */
export async function applyStatusById(ctx: OrgContext, messageId: string, change: StatusChange): Promise<boolean> {
  const { now } = ctx;
  const set = changeSet(change, now);
  // Prepared (the send's hot path): the organization is a placeholder of the built statement.
  const result = await statusUpdate(change.status).execute(ctx.trx, {
    organization_id: ctx.organizationId,
    id: messageId,
    updated_at: now,
    provider_message_id: set.provider_message_id ?? null,
    error_code: set.error_code ?? null,
    error_message: set.error_message ?? null,
  });
  if (Number(result.numAffectedRows ?? 0) === 0) return false;
  await recordStatus(ctx, messageId, change);
  return true;
}

/** A provider's status report names its own message id. `unknown`: no such message (yet). */
export async function applyStatusByProviderId(
  ctx: OrgContext,
  channelId: string,
  providerMessageId: string,
  change: StatusChange,
): Promise<'applied' | 'ignored' | 'unknown'> {
  const updated = await ctx.q
    .updateTable('messages')
    .set(changeSet({ ...change, providerMessageId: undefined }, ctx.now))
    .where('channel_id', '=', channelId)
    .where('provider_message_id', '=', providerMessageId)
    .where('direction', '=', 'outbound')
    .where('status', 'in', allowedPrevious(change.status))
    .returning('id')
    .execute();
  for (const row of updated) await recordStatus(ctx, row.id, change);
  if (updated.length > 0) return 'applied';
  const exists = await ctx.q
    .selectFrom('messages')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('provider_message_id', '=', providerMessageId)
    .executeTakeFirst();
  return exists ? 'ignored' : 'unknown';
}

/** Messenger-style receipts: every outbound message to `recipient` up to `watermark` reached `status`. */
export async function applyStatusWatermark(
  ctx: OrgContext,
  channelId: string,
  event: Extract<NormalizedEvent, { kind: 'status_watermark' }>,
): Promise<number> {
  const chats = ctx.q.selectFrom('chats').select('id').where('channel_id', '=', channelId).where('contact', '=', event.recipient);
  const updated = await ctx.q
    .updateTable('messages')
    .set(changeSet({ status: event.status }, ctx.now))
    .where('chat_id', 'in', chats)
    .where('direction', '=', 'outbound')
    .where('created_at', '<=', event.watermark)
    .where('status', 'in', allowedPrevious(event.status))
    .returning('id')
    .execute();
  for (const row of updated) await recordStatus(ctx, row.id, { status: event.status, occurredAt: event.watermark });
  return updated.length;
}
