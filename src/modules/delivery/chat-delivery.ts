/**
 * Delivering an outbound message into a chat: the one path every outbound message takes (the send
 * endpoint today; sequences, send-template, agent replies and flows next). It keeps transactions
 * short and the provider outside them:
 *   1. one transaction stores the message in its chat (`pending`, due for hand-over to a worker in
 *      15 s: the durable fallback if this process dies, see messages/send-outbox.ts);
 *   2. the provider is called with the send deadline (SEND_TIMEOUT_MS: its I/O is aborted at it);
 *   3. a second transaction applies the outcome through the status machine (`sent` with the
 *      provider's id, or `failed` with its reason), which also ends the hand-over. A retryable
 *      failure leaves the message `pending` and hands it to a `messages.send` job that retries it.
 * Both transactions go through the group-commit batcher (db/transaction-batcher.ts): concurrent
 * deliveries share one commit. That is why they hold nothing but database work on their `trx`.
 * A request with an Idempotency-Key writes its answer in each of them (`RequestDeliveryOptions`):
 * the message stored answers `pending`, the outcome applied answers it, so a retry after a crash
 * at any point replays what was committed and never stores or sends the message again.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { providerFor } from '../../channels/registry.js';
import { configRefusal } from '../../channels/config-limits.js';
import { AppError } from '../../errors.js';
import { ProviderError, type OutboundMessage, type ProviderDeps, type SendResult } from '../../channels/provider.js';
import type { Executor } from '../../db/executor.js';
import type { DB } from '../../db/schema.js';
import type { TransactionBatcher } from '../../db/transaction-batcher.js';
import { tenantQueries } from '../../db/tenant.js';
import { backoffMs, RETRY_POLICIES } from '../../jobs/backoff.js';
import type { AppJobQueue } from '../../jobs/job-payloads.js';
import { RetryJobError, type ClaimedJob, type JobContext } from '../../jobs/types.js';
import type { Clock } from '../../lib/clock.js';
import { deadline } from '../../lib/deadline.js';
import { newId } from '../../lib/ids.js';
import { toJson } from '../../lib/json.js';
import type { EventLog } from '../../event-log/event-log.js';
import { applyStatusById, type StatusChange, type Recipient, retrySendLater, type SendTimings } from '../messages/index.js';
import { asProviderError, withinDeadline } from './provider-call.js';
import type { SendJobPayload } from '../../jobs/job-payloads.js';
import { scheduleProviderCallbacks } from './sandbox-callbacks.js';
import { orgContext, type OrgContext, activeChatLastInbound, assertWindowOpen } from '../shared/index.js';
import { findOrCreateCustomerChat, insertIntoActiveChat, type NewMessage, type StoredInChat } from './conversation.js';
import { type Governor, type GovernedMessage, holdMessage, trafficOf } from '../governor/index.js';
import { deliveryOf, emailThreadParent, storedDelivery } from './stored-delivery.js';
import { recordAgentReply } from './agent-reply-fact.js';
import type {
  DeliveryChannel,
  ContactChannel,
  OutboundDraft,
  StoredDeliveryOptions,
  Outcome,
  Delivered,
  DeliveryState,
  RequestDeliveryOptions,
} from './delivery-types.js';

export interface ChatDeliveryDeps {
  db: Kysely<DB>;
  /** Both transactions of a delivery are pure database work, so concurrent deliveries share commits. */
  batcher: TransactionBatcher;
  queue: AppJobQueue;
  events: EventLog;
  clock: Clock;
  logger: Logger;
  providerDeps: ProviderDeps;
  /** The provider call's deadline and the sweep's hand-over (send-outbox.ts `sendTimings`). */
  send: SendTimings;
  /** The outbound governor: every message passes it just before its provider (DESIGN.md §10). */
  governor: Governor;
}

export class ChatDelivery {
  constructor(private readonly deps: ChatDeliveryDeps) {}

  /**
   * Into the contact's active chat on the channel, found or created (with the contact's customer)
   * in the same transaction: the send endpoint's path.
   */
  async toContact(
    channel: ContactChannel,
    recipient: Recipient,
    draft: OutboundDraft,
    options: RequestDeliveryOptions = {},
  ): Promise<Delivered> {
    if (channel.enforceWhatsAppWindow && draft.type !== 'template') {
      // Only on channels that enforce the window: one read, before anything is stored.
      const lastInbound = await activeChatLastInbound(this.deps.db, channel, recipient.value);
      assertWindowOpen(draft.type, lastInbound, this.deps.clock.now());
    }
    await this.assertMessagingBudget(channel, recipient.value, draft);
    const message = this.prepareMessage(channel, recipient.value, draft);
    const chatId = await this.deps.batcher.run(async (trx) => {
      const stored = await this.storeForContact(trx, channel, recipient, message);
      await recordAgentReply(trx, message, stored);
      await options.record?.(trx, this.stateOf(message, stored.id, { status: 'pending' }));
      return stored.id;
    });
    return this.handOff(channel, message, draft, chatId, options);
  }

  /** The message into the contact's active chat, found or created (with its customer); answers the chat. */
  private async storeForContact(
    trx: Kysely<DB>,
    channel: ContactChannel,
    recipient: Recipient,
    message: NewMessage,
  ): Promise<StoredInChat> {
    // The common case is one statement: the contact's active chat takes the message (INSERT … SELECT).
    const activeChat = await insertIntoActiveChat(trx, message, recipient.value);
    if (activeChat) return activeChat;
    const conversation = await findOrCreateCustomerChat(
      orgContext(this.deps, trx, channel.organizationId, message.created_at),
      { id: channel.channelId, defaultCountry: channel.defaultCountry, defaultStageId: channel.defaultStageId },
      recipient,
    );
    await trx
      .insertInto('messages')
      .values({ ...message, chat_id: conversation.chatId })
      .execute();
    // A chat created just now has no customer message: no first reply to record.
    return { id: conversation.chatId, awaitsFirstReply: conversation.chatCreated ? false : undefined };
  }

  /** A conversational template over the portfolio's messaging limit is refused before anything is stored (429 MESSAGING_LIMIT). */
  private async assertMessagingBudget(channel: DeliveryChannel, recipient: string, draft: OutboundDraft): Promise<void> {
    if (draft.type === 'template' && trafficOf(draft) === 'conversational')
      await this.deps.governor.assertMessagingBudget(channel, recipient);
  }

  /** A delivery as it stands at one of its commits (what the request's Idempotency-Key records there). */
  stateOf(message: NewMessage, chatId: string, outcome: DeliveryState['outcome']): DeliveryState {
    return { messageId: message.id, chatId, createdAt: message.created_at, outcome };
  }

  /** Into a chat the caller already holds (its contact is the recipient). */
  async intoChat(
    channel: DeliveryChannel,
    chat: { id: string; contact: string; lastInboundAt?: string | null },
    draft: OutboundDraft,
    options: RequestDeliveryOptions = {},
  ): Promise<Delivered> {
    if (channel.enforceWhatsAppWindow) assertWindowOpen(draft.type, chat.lastInboundAt, this.deps.clock.now());
    await this.assertMessagingBudget(channel, chat.contact, draft);
    const message = this.prepareMessage(channel, chat.contact, draft);
    await this.deps.batcher.run(async (trx) => {
      await trx
        .insertInto('messages')
        .values({ ...message, chat_id: chat.id })
        .execute();
      await recordAgentReply(trx, message, chat);
      await options.record?.(trx, this.stateOf(message, chat.id, { status: 'pending' }));
    });
    return this.handOff(channel, message, draft, chat.id, options);
  }

  /**
   * Stores an outbound message in the caller's transaction for a job to deliver (`deliverStored`):
   * `pending` without a hand-over time, so the send sweep leaves it to that job (a flow's send step).
   */
  async storeForJob(trx: Executor, channel: DeliveryChannel, chat: { id: string; contact: string }, draft: OutboundDraft): Promise<string> {
    const message: NewMessage = { ...this.prepareMessage(channel, chat.contact, draft), send_due_at: null };
    await trx
      .insertInto('messages')
      .values({ ...message, chat_id: chat.id })
      .execute();
    return message.id;
  }

  /** `storeForJob` for many messages on one channel by one insert (a campaign's batch); answers their ids in order. */
  async storeManyForJob(trx: Executor, channel: DeliveryChannel, items: { chatId: string; contact: string; draft: OutboundDraft }[]) {
    const rows = items.map((item) => ({
      ...this.prepareMessage(channel, item.contact, item.draft),
      send_due_at: null,
      chat_id: item.chatId,
    }));
    if (rows.length > 0) await trx.insertInto('messages').values(rows).execute();
    return rows.map((row) => row.id);
  }

  /**
   * The row of an outbound message, `pending` and due for the sweep's hand-over. A caller that stores
   * it in its own transaction (chat create: with the chat) then calls `handOff` after the commit;
   * `handOffsBefore` is how many messages that request hands off before this one, each of which may
   * take up to the send deadline: the sweep must not take this one over while the request may still
   * be calling the provider for it.
   */
  prepareMessage(channel: DeliveryChannel, recipient: string, draft: OutboundDraft, handOffsBefore = 0): NewMessage {
    // What the channel's config cannot send (WAHA Core and media) is refused before anything is stored.
    const refusal = configRefusal(channel.kind, channel.config, draft.type);
    if (refusal) throw new AppError('UNSUPPORTED_BY_CHANNEL', refusal);
    const storedAt = this.deps.clock.now();
    const now = storedAt.toISOString();
    return {
      id: newId(),
      organization_id: channel.organizationId,
      channel_id: channel.channelId,
      direction: 'outbound',
      recipient,
      type: draft.type,
      content: toJson(draft.content),
      status: 'pending',
      provider_message_id: null,
      error_code: null,
      error_message: null,
      sequence_id: null,
      sequence_index: null,
      temp_id: draft.tempId ?? null,
      sender_profile_id: draft.senderProfileId,
      created_at: now,
      updated_at: now,
      send_due_at: new Date(storedAt.getTime() + (handOffsBefore + 1) * this.deps.send.handOverAfterMs).toISOString(),
      reply_to_message_id: null,
      source: draft.source,
      traffic: trafficOf(draft),
      campaign_id: draft.campaignId ?? null,
    };
  }

  /** After the commit that stored `message` (pending) in the chat: the provider call, and its outcome applied. */
  async handOff(
    channel: DeliveryChannel,
    message: NewMessage,
    draft: OutboundDraft,
    chatId: string,
    options: RequestDeliveryOptions = {},
  ): Promise<Delivered> {
    const outbound: OutboundMessage = {
      id: message.id,
      to: message.recipient,
      type: draft.type,
      content: draft.content,
      // An e-mail answers the customer's last mail even when it quotes none.
      ...(await emailThreadParent(this.deps.db, channel, chatId)),
    };
    const record = options.record;
    const onOutcome = record && ((trx: Kysely<DB>, outcome: Outcome) => record(trx, this.stateOf(message, chatId, outcome)));
    const governed = { id: message.id, recipient: message.recipient, type: draft.type, traffic: message.traffic ?? 'conversational' };
    const outcome = await this.deliver(channel, outbound, governed, 'request', undefined, { onOutcome });
    return { messageId: message.id, chatId, createdAt: message.created_at, outcome };
  }

  /**
   * Calls the provider (outside any transaction) and applies the outcome. On a retryable error a
   * request hands the message to a send job; a job (`from: 'job'`) is retried by the worker itself.
   * The call ends by the send deadline (or sooner when `jobSignal` aborts: its worker lost the lease).
   * `hooks.onOutcome` runs in the transaction that commits the outcome (none when it was not applied).
   */
  private async deliver(
    target: DeliveryChannel,
    message: OutboundMessage,
    governed: GovernedMessage,
    from: 'request' | 'job',
    jobSignal: AbortSignal | undefined,
    hooks: Pick<StoredDeliveryOptions, 'lockFirst' | 'onSent' | 'onFailed'> & {
      onOutcome?: (trx: Kysely<DB>, outcome: Outcome) => Promise<void>;
    } = {},
  ): Promise<Outcome> {
    let result: SendResult;
    try {
      const admission = await this.deps.governor.admit(target, governed);
      if (admission.verdict === 'hold') return await holdMessage(this.deps, target, governed, from, admission, hooks.onOutcome);
      if (admission.verdict === 'fail') throw new ProviderError(admission.code, admission.message, false);
      const provider = providerFor({ kind: target.kind, config: target.config }, this.deps.providerDeps);
      const limit = deadline(this.deps.send.timeoutMs);
      try {
        result = await withinDeadline(
          provider.send(message, { signal: jobSignal ? AbortSignal.any([limit.signal, jobSignal]) : limit.signal }),
          limit.signal,
        );
      } finally {
        limit.clear();
      }
    } catch (err) {
      if (err instanceof RetryJobError) throw err; // a job's message held by the governor
      const error = asProviderError(err);
      const held = await this.deps.governor.afterError(target, governed, error);
      if (held?.verdict === 'hold') return holdMessage(this.deps, target, governed, from, held, hooks.onOutcome);
      if (error.retryable) {
        const pending: Outcome = { status: 'pending', error };
        if (from === 'request') {
          await this.deps.batcher.run(async (trx) => {
            await retrySendLater(trx, this.deps.queue, target.organizationId, message.id, backoffMs(RETRY_POLICIES.send, 1));
            await hooks.onOutcome?.(trx, pending);
          });
        }
        return pending;
      }
      const failed = { status: 'failed' as const, error: { code: error.code, message: error.message } };
      await this.finish(
        target.organizationId,
        message.id,
        failed,
        async (ctx) => {
          await hooks.onFailed?.(ctx);
          await hooks.onOutcome?.(ctx.trx, failed);
        },
        hooks.lockFirst,
      );
      return failed;
    }
    const applied = await this.finish(
      target.organizationId,
      message.id,
      { status: 'sent', providerMessageId: result.providerMessageId },
      async (ctx) => {
        await scheduleProviderCallbacks(
          ctx.trx,
          this.deps.queue,
          { organizationId: target.organizationId, channelId: target.channelId },
          result.scheduledCallbacks ?? [],
        );
        await hooks.onSent?.(ctx);
        await hooks.onOutcome?.(ctx.trx, { status: 'sent' });
      },
      hooks.lockFirst,
    );
    return applied ? { status: 'sent' } : await this.currentOutcome(target.organizationId, message.id);
  }

  private async finish(
    organizationId: string,
    messageId: string,
    change: StatusChange,
    also?: (ctx: OrgContext) => Promise<void>,
    lockFirst?: (ctx: OrgContext) => Promise<void>,
  ): Promise<boolean> {
    // Read once, outside the unit: a batch that fails re-runs the unit alone, with the same instant.
    const now = this.deps.clock.now().toISOString();
    return this.deps.batcher.run(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId, now);
      await lockFirst?.(ctx);
      const applied = await applyStatusById(ctx, messageId, change);
      if (applied && also) await also(ctx);
      return applied;
    });
  }

  /** When the outcome could not be applied (the message moved meanwhile), say where it is. */
  private async currentOutcome(organizationId: string, messageId: string): Promise<Outcome> {
    const row = await tenantQueries(this.deps.db, organizationId)
      .selectFrom('messages')
      .select(['status', 'error_code', 'error_message'])
      .where('id', '=', messageId)
      .executeTakeFirst();
    if (row?.status === 'failed')
      return { status: 'failed', error: { code: row.error_code ?? 'FAILED', message: row.error_message ?? 'failed' } };
    return { status: 'sent' };
  }

  /**
   * The `messages.send` job: the send of a request that could not finish (handed over by the
   * sweep), and the retries of a retryable failure. A message no longer pending was handled already.
   */
  async runSendJob(job: ClaimedJob<SendJobPayload>, context?: JobContext): Promise<void> {
    const { messageId } = job.payload;
    await this.deliverStored(job.organizationId ?? '', messageId, {
      lastAttempt: job.attempt >= job.maxAttempts,
      signal: context?.signal,
    });
  }

  /**
   * Delivers a message already stored (pending) through the same hand-off as a request: the send
   * job's retries, and each step of a sequence (whose `onSent` enqueues the next step in the
   * transaction that applies `sent`). A message no longer pending was handled already: nothing
   * happens, so a job run twice never sends twice once the outcome is committed. Throws to have the
   * job retried (a retryable failure, an inactive channel), unless it is the last attempt.
   */
  async deliverStored(organizationId: string, messageId: string, options: StoredDeliveryOptions): Promise<void> {
    const row = await storedDelivery(this.deps.db, organizationId, messageId);
    if (!row || row.status !== 'pending') return;
    const hooks = { lockFirst: options.lockFirst, onSent: options.onSent, onFailed: options.onFailed };
    if (row.active !== 1 || row.channel_status !== 'connected') {
      const reason = { code: 'CHANNEL_DISCONNECTED', message: 'The channel was inactive or disconnected on every attempt' };
      if (options.lastAttempt)
        return void (await this.finish(organizationId, messageId, { status: 'failed', error: reason }, hooks.onFailed, hooks.lockFirst));
      throw new Error('channel is inactive or disconnected; will retry');
    }
    const { target, stored, governed } = deliveryOf(organizationId, row);
    const message = options.prepare ? options.prepare(stored) : stored;
    const outcome = await this.deliver(target, message, governed, 'job', options.signal, hooks);
    if (outcome.status !== 'pending') return;
    if (options.lastAttempt) {
      const error = { code: outcome.error.code, message: outcome.error.message };
      await this.finish(organizationId, messageId, { status: 'failed', error }, hooks.onFailed);
      return;
    }
    throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  }
}
