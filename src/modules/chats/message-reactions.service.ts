/**
 * Agents react to a message of a chat (DESIGN.md §9 "Reactions"): `POST …/chats/{chatId}/messages/
 * {messageId}/reactions { emoji }` ('' removes). Where the channel's adapter can send a reaction
 * (`news.sendReactions`), the reaction is stored on the message as the business's (`from: 'agent'`,
 * with the profile) with its `message.reaction` event and a `messages.react` job, in one transaction;
 * the job hands it to the provider afterwards, outside any transaction, retried on a retryable
 * failure (and so it survives a crash). Elsewhere: 422 UNSUPPORTED_BY_CHANNEL, nothing stored.
 * A message the provider has no id for (still pending, or failed) cannot be reacted to: 409 MESSAGE_NOT_SENT.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { capabilitiesOf, providerFor } from '../../channels/registry.js';
import type { ProviderDeps } from '../../channels/provider.js';
import type { DB } from '../../db/schema.js';
import type { TransactionBatcher } from '../../db/transaction-batcher.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import type { EventLog } from '../../event-log/event-log.js';
import type { AppJobQueue, ReactJobPayload } from '../../jobs/job-payloads.js';
import { PermanentJobError, type ClaimedJob, type JobContext } from '../../jobs/types.js';
import type { Clock } from '../../lib/clock.js';
import { fromJson } from '../../lib/json.js';
import { setReaction } from '../messages/index.js';
import { orgContext } from '../shared/index.js';
import { asProviderError, withinDeadline } from '../delivery/index.js';
import { MESSAGE_COLUMNS, toChatMessage } from './chat-queries.js';
import type { ChatMessageRecord } from './chats.schemas.js';

export const REACT_JOB = 'messages.react';
const REACT_TIMEOUT_MS = 15_000;

export interface MessageReactionsDeps {
  db: Kysely<DB>;
  batcher: TransactionBatcher;
  queue: AppJobQueue;
  events: EventLog;
  clock: Clock;
  logger: Logger;
  providerDeps: ProviderDeps;
}

export class MessageReactions {
  constructor(private readonly deps: MessageReactionsDeps) {}

  async react(organizationId: string, chatId: string, messageId: string, profileId: string, emoji: string): Promise<ChatMessageRecord> {
    const q = tenantQueries(this.deps.db, organizationId);
    const row = await this.deps.db
      .selectFrom('messages as m')
      .innerJoin('channels as c', (join) => join.onRef('c.id', '=', 'm.channel_id').onRef('c.organization_id', '=', 'm.organization_id'))
      .select(['m.id', 'm.chat_id', 'm.reactions', 'm.provider_message_id', 'c.kind'])
      .where('m.organization_id', '=', organizationId)
      .where('m.chat_id', '=', chatId)
      .where('m.id', '=', messageId)
      .executeTakeFirst();
    if (!row) {
      const chat = await q.selectFrom('chats').select('id').where('id', '=', chatId).executeTakeFirst();
      throw chat ? new AppError('MESSAGE_NOT_FOUND', 'Message not found in this chat') : new AppError('CHAT_NOT_FOUND', 'Chat not found');
    }
    // The sandbox simulates its kind, so it answers as its kind would.
    if (!capabilitiesOf(row.kind).news.sendReactions)
      throw new AppError('UNSUPPORTED_BY_CHANNEL', `A ${row.kind} channel cannot send reactions`);
    if (!row.provider_message_id)
      throw new AppError('MESSAGE_NOT_SENT', 'The message has no provider id yet (pending or failed): nothing to react to');
    const now = this.deps.clock.now().toISOString();
    await this.deps.batcher.run(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId, now);
      const changed = await setReaction(
        ctx,
        { id: row.id, chat_id: row.chat_id, reactions: row.reactions },
        { emoji, from: 'agent', profileId, at: now },
      );
      if (changed) await this.deps.queue.enqueue(trx, { type: REACT_JOB, organizationId, payload: { messageId: row.id, emoji } });
    });
    return toChatMessage(await q.selectFrom('messages').select(MESSAGE_COLUMNS).where('id', '=', messageId).executeTakeFirstOrThrow());
  }

  /** The `messages.react` job: the provider call, outside any transaction; retried while it is retryable. */
  async runReactJob(job: ClaimedJob<ReactJobPayload>, context?: JobContext): Promise<void> {
    const organizationId = job.organizationId ?? '';
    const row = await this.deps.db
      .selectFrom('messages as m')
      .innerJoin('channels as c', (join) => join.onRef('c.id', '=', 'm.channel_id').onRef('c.organization_id', '=', 'm.organization_id'))
      .innerJoin('chats as ch', (join) => join.onRef('ch.id', '=', 'm.chat_id').onRef('ch.organization_id', '=', 'm.organization_id'))
      .select(['m.provider_message_id', 'm.direction', 'ch.contact', 'c.kind', 'c.config'])
      .where('m.organization_id', '=', organizationId)
      .where('m.id', '=', job.payload.messageId)
      .executeTakeFirst();
    if (!row?.provider_message_id) return; // erased meanwhile: nothing to react to
    const provider = providerFor({ kind: row.kind, config: fromJson(row.config, {}) }, this.deps.providerDeps);
    if (!provider.react) return;
    const deadline = AbortSignal.timeout(REACT_TIMEOUT_MS);
    const signal = context?.signal ? AbortSignal.any([deadline, context.signal]) : deadline;
    try {
      const reaction = {
        to: row.contact.replace(/^\+/, ''),
        targetProviderMessageId: row.provider_message_id,
        targetFromMe: row.direction === 'outbound',
        emoji: job.payload.emoji,
      };
      await withinDeadline(provider.react(reaction, { signal }), deadline);
    } catch (err) {
      const error = asProviderError(err);
      if (error.retryable) throw error;
      // A refusal for good: the reaction stays stored (the agent's intent), the log says why it did not reach the customer.
      this.deps.logger.warn({ messageId: job.payload.messageId, code: error.code, err: error.message }, 'reaction refused by the provider');
      throw new PermanentJobError(`${error.code}: ${error.message}`);
    }
  }
}
