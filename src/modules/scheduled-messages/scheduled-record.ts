/** A scheduled message row as the API shows it, and the conditional move out of `scheduled` every ending shares. */
import type { Selectable } from 'kysely';
import type { ScheduledMessagesTable } from '../../db/schema.js';
import { fromJson } from '../../lib/json.js';
import type { MessageType } from '../../channels/provider.js';
import type { OrgContext } from '../shared/index.js';
import type { CancelReason, ScheduledMessageRecord, ScheduledStatus } from './scheduled-messages.schemas.js';

export type ScheduledRow = Selectable<ScheduledMessagesTable>;

export function toScheduledRecord(row: ScheduledRow): ScheduledMessageRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    chatId: row.chat_id,
    customerId: row.customer_id,
    channelId: row.channel_id,
    status: row.status as ScheduledStatus,
    sendAt: row.send_at,
    type: row.type as MessageType,
    content: fromJson<Record<string, unknown>>(row.content, {}),
    templateId: row.template_id,
    variables: row.variables === null ? null : fromJson<Record<string, string> | string[]>(row.variables, []),
    cancelIfCustomerReplies: row.cancel_if_customer_replies === 1,
    reason: row.reason,
    errorMessage: row.error_message,
    messageId: row.message_id,
    createdByProfileId: row.created_by_profile_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}

/**
 * Ends a scheduled message that is still `scheduled`, in `ctx`'s transaction: one conditional
 * UPDATE, so of two endings racing (the customer's message, a DELETE, the job) exactly one wins.
 * Answers whether this one did; a cancellation writes its `scheduled_message.cancelled` event.
 */
export async function endScheduled(
  ctx: OrgContext,
  row: Pick<ScheduledRow, 'id' | 'chat_id'>,
  end:
    | { status: 'cancelled'; reason: CancelReason; profileId?: string | null }
    | { status: 'failed'; reason: string; message: string }
    | { status: 'sent'; messageId: string },
): Promise<boolean> {
  const result = await ctx.q
    .updateTable('scheduled_messages')
    .set({
      status: end.status,
      reason: end.status === 'sent' ? null : end.reason,
      error_message: end.status === 'failed' ? end.message : null,
      message_id: end.status === 'sent' ? end.messageId : null,
      updated_at: ctx.now,
      finished_at: ctx.now,
    })
    .where('id', '=', row.id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  if (end.status === 'cancelled') {
    await ctx.emit('scheduled_message.cancelled', {
      scheduled_message_id: row.id,
      chat_id: row.chat_id,
      reason: end.reason,
      profile_id: end.profileId ?? null,
    });
  }
  return true;
}
