/**
 * Sending a message (spec endpoint 1, DESIGN.md §4). The flow keeps transactions short and the
 * provider outside them:
 *   1. one transaction stores the customer and active chat (found or created) and the message
 *      (`pending`, due for hand-over to a worker in 15 s: the durable fallback if this process
 *      dies, see send-outbox.ts);
 *   2. the provider is called with a short timeout;
 *   3. a second transaction applies the outcome through the status machine (`sent` with the
 *      provider's id, or `failed` with its reason), which also ends the hand-over. A retryable
 *      failure leaves the message `pending` and hands it to a `messages.send` job that retries it.
 * Both transactions go through the group-commit batcher (db/transaction-batcher.ts): concurrent
 * sends share one commit. That is why they hold nothing but database work on their `trx`.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { capabilitiesOf, providerFor } from '../../channels/registry.js';
import { ProviderError, type OutboundMessage, type ProviderDeps, type SendResult } from '../../channels/provider.js';
import { prepareQuery } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';
import type { TransactionBatcher } from '../../db/transaction-batcher.js';
import { AppError, validationError, type ErrorDetail } from '../../errors.js';
import { retryDelayMs } from '../../jobs/backoff.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { ClaimedJob } from '../../jobs/types.js';
import type { Executor } from '../../db/executor.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { fromJson, toJson } from '../../lib/json.js';
import type { EventLog } from '../events/event-log.js';
import { scheduleProviderCallbacks } from '../provider-callbacks/provider-callbacks.service.js';
import { findOrCreateCustomerChat, insertIntoActiveChat, type NewMessage } from './conversation.js';
import { applyStatusById } from './message-updates.js';
import type { MessageRecord, SendMessageInput } from './messages.schemas.js';
import { isRecipient, normalizeRecipient } from './recipients.js';
import { retrySendLater, SEND_DUE_AFTER_MS, type SendJobPayload } from './send-outbox.js';

/** The provider gets this long inside the request; after it the message answers `pending`. */
export const SEND_TIMEOUT_MS = 4000;

/** What handing a message to a provider needs to know about its channel. */
interface DeliveryChannel {
  channelId: string;
  organizationId: string;
  kind: string;
  config: Record<string, unknown>;
}

/** The channel a send goes through, resolved (with the caller's membership) in one query. */
export interface SendTarget extends DeliveryChannel {
  plan: string;
  defaultCountry: string;
  defaultStageId: string | null;
}

export interface MessagesDeps {
  db: Kysely<DB>;
  /** Both transactions of a send are pure database work, so concurrent sends share commits. */
  batcher: TransactionBatcher;
  queue: JobQueue;
  events: EventLog;
  clock: Clock;
  logger: Logger;
  providerDeps: ProviderDeps;
}

type Outcome =
  { status: 'sent' } | { status: 'failed'; error: { code: string; message: string } } | { status: 'pending'; error: ProviderError };

function asProviderError(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  const name = (err as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new ProviderError('PROVIDER_TIMEOUT', 'The provider did not answer in time', true);
  return new ProviderError('PROVIDER_ERROR', err instanceof Error ? err.message : String(err), true);
}

/** The channel of a send with its organization, if the profile is a member: built once, run on every send. */
const sendTargetQuery = prepareQuery<{ profileId: string; channelId: string }>()((db, p) =>
  db
    .selectFrom('channels as c')
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.organization_id', '=', 'c.organization_id').on('m.profile_id', '=', p('profileId')),
    )
    .select([
      'c.id',
      'c.organization_id',
      'c.kind',
      'c.config',
      'c.settings',
      'c.status',
      'c.active',
      'o.plan',
      'o.settings as org_settings',
    ])
    .where('c.id', '=', p('channelId')),
);

export class MessagesService {
  constructor(private readonly deps: MessagesDeps) {}

  /**
   * The channel of a send, if the key's profile is a member of its organization. Unknown, another
   * organization's, or inactive → 404; disconnected → 422.
   */
  async resolveTarget(profileId: string, channelId: string): Promise<SendTarget> {
    const row = (await sendTargetQuery.execute(this.deps.db, { profileId, channelId })).rows[0];
    if (!row) throw new AppError('CHANNEL_NOT_FOUND', 'Channel not found');
    if (row.active !== 1) throw new AppError('CHANNEL_NOT_FOUND', 'Channel not found (it is inactive)');
    if (row.status !== 'connected') throw new AppError('CHANNEL_DISCONNECTED', 'The channel is disconnected');
    const settings = fromJson<{ defaultStageId?: string | null }>(row.settings, {});
    return {
      channelId: row.id,
      organizationId: row.organization_id,
      kind: row.kind,
      config: fromJson<Record<string, unknown>>(row.config, {}),
      plan: row.plan,
      defaultCountry: fromJson<{ defaultCountry?: string }>(row.org_settings, {}).defaultCountry ?? 'BR',
      defaultStageId: settings.defaultStageId ?? null,
    };
  }

  async send(target: SendTarget, input: SendMessageInput, senderProfileId: string): Promise<MessageRecord> {
    const { organizationId } = target;
    const errors: ErrorDetail[] = [];
    const recipient = normalizeRecipient(target.kind, input.to, target.defaultCountry, target.config.sandbox === true);
    if (!isRecipient(recipient)) errors.push(recipient);
    if (input.type === 'template') errors.push(...(await this.templateProblems(target, input.content)));
    if (errors.length > 0 || !isRecipient(recipient)) throw validationError(errors);

    const storedAt = this.deps.clock.now();
    const now = storedAt.toISOString();
    const sendDueAt = new Date(storedAt.getTime() + SEND_DUE_AFTER_MS).toISOString();
    const messageId = newId();
    const message: NewMessage = {
      id: messageId,
      organization_id: organizationId,
      channel_id: target.channelId,
      direction: 'outbound',
      recipient: recipient.value,
      type: input.type,
      content: toJson(input.content),
      status: 'pending',
      provider_message_id: null,
      error_code: null,
      error_message: null,
      sequence_id: null,
      sequence_index: null,
      temp_id: null,
      sender_profile_id: senderProfileId,
      created_at: now,
      updated_at: now,
      send_due_at: sendDueAt,
    };
    const chatId = await this.deps.batcher.run(async (trx) => {
      const activeChat = await insertIntoActiveChat(trx, message, recipient.value);
      if (activeChat) return activeChat;
      const conversation = await findOrCreateCustomerChat(
        trx,
        this.deps.events,
        organizationId,
        { id: target.channelId, defaultCountry: target.defaultCountry, defaultStageId: target.defaultStageId },
        recipient,
        now,
      );
      await trx
        .insertInto('messages')
        .values({ ...message, chat_id: conversation.chatId })
        .execute();
      return conversation.chatId;
    });

    const outbound: OutboundMessage = { id: messageId, to: recipient.value, type: input.type, content: input.content };
    const outcome = await this.deliver(target, outbound, 'request');
    return {
      id: messageId,
      channel_id: target.channelId,
      to: recipient.value,
      type: input.type,
      status: outcome.status,
      content: input.content,
      created_at: now,
      chat_id: chatId,
      ...(outcome.status === 'failed' ? { error: outcome.error } : {}),
    };
  }

  /** Templates only on whatsapp_official, and only an approved template of that channel. */
  private async templateProblems(target: SendTarget, content: Record<string, unknown>): Promise<ErrorDetail[]> {
    if (!capabilitiesOf(target.kind).templates) {
      return [{ field: 'type', message: 'templates can only be sent on a whatsapp_official channel' }];
    }
    const template = await this.deps.db
      .selectFrom('templates')
      .select('id')
      .where('organization_id', '=', target.organizationId)
      .where('channel_id', '=', target.channelId)
      .where('name', '=', String(content.name))
      .where('language', '=', String(content.language))
      .where('status', '=', 'approved')
      .executeTakeFirst();
    return template ? [] : [{ field: 'content.name', message: 'is not an approved template of this channel in that language' }];
  }

  /**
   * Calls the provider (outside any transaction) and applies the outcome. On a retryable error a
   * request hands the message to a send job; a job (`from: 'job'`) is retried by the worker itself.
   */
  private async deliver(target: DeliveryChannel, message: OutboundMessage, from: 'request' | 'job'): Promise<Outcome> {
    let result: SendResult;
    try {
      const provider = providerFor({ kind: target.kind, config: target.config }, this.deps.providerDeps);
      result = await provider.send(message, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    } catch (err) {
      const error = asProviderError(err);
      if (error.retryable) {
        if (from === 'request') {
          await this.deps.batcher.run((trx) => retrySendLater(trx, this.deps.queue, target.organizationId, message.id, retryDelayMs(1)));
        }
        return { status: 'pending', error };
      }
      const reason = { code: error.code, message: error.message };
      await this.finish(target.organizationId, message.id, { status: 'failed', error: reason });
      return { status: 'failed', error: reason };
    }
    const applied = await this.finish(
      target.organizationId,
      message.id,
      { status: 'sent', providerMessageId: result.providerMessageId },
      async (trx) => {
        await scheduleProviderCallbacks(
          trx,
          this.deps.queue,
          { organizationId: target.organizationId, channelId: target.channelId },
          result.scheduledCallbacks ?? [],
        );
      },
    );
    return applied ? { status: 'sent' } : await this.currentOutcome(target.organizationId, message.id);
  }

  private async finish(
    organizationId: string,
    messageId: string,
    change: Parameters<typeof applyStatusById>[4],
    also?: (trx: Executor) => Promise<void>,
  ): Promise<boolean> {
    const now = this.deps.clock.now().toISOString();
    return this.deps.batcher.run(async (trx) => {
      const applied = await applyStatusById(trx, this.deps.events, organizationId, messageId, change, now);
      if (applied && also) await also(trx);
      return applied;
    });
  }

  /** When the outcome could not be applied (the message moved meanwhile), say where it is. */
  private async currentOutcome(organizationId: string, messageId: string): Promise<Outcome> {
    const row = await this.deps.db
      .selectFrom('messages')
      .select(['status', 'error_code', 'error_message'])
      .where('organization_id', '=', organizationId)
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
  async runSendJob(job: ClaimedJob): Promise<void> {
    const { messageId } = job.payload as SendJobPayload;
    const organizationId = job.organizationId ?? '';
    const row = await this.deps.db
      .selectFrom('messages as m')
      .innerJoin('channels as c', (join) => join.onRef('c.id', '=', 'm.channel_id').onRef('c.organization_id', '=', 'm.organization_id'))
      .select([
        'm.id',
        'm.recipient',
        'm.type',
        'm.content',
        'm.status',
        'c.id as channel_id',
        'c.kind',
        'c.config',
        'c.status as channel_status',
        'c.active',
      ])
      .where('m.organization_id', '=', organizationId)
      .where('m.id', '=', messageId)
      .executeTakeFirst();
    if (!row || row.status !== 'pending') return;
    const lastAttempt = job.attempt >= job.maxAttempts;
    if (row.active !== 1 || row.channel_status !== 'connected') {
      const reason = { code: 'CHANNEL_DISCONNECTED', message: 'The channel was inactive or disconnected on every attempt' };
      if (lastAttempt) return void (await this.finish(organizationId, messageId, { status: 'failed', error: reason }));
      throw new Error('channel is inactive or disconnected; will retry');
    }
    const target: DeliveryChannel = {
      channelId: row.channel_id,
      organizationId,
      kind: row.kind,
      config: fromJson<Record<string, unknown>>(row.config, {}),
    };
    const message: OutboundMessage = {
      id: row.id,
      to: row.recipient,
      type: row.type as OutboundMessage['type'],
      content: fromJson(row.content, {}),
    };
    const outcome = await this.deliver(target, message, 'job');
    if (outcome.status !== 'pending') return;
    if (lastAttempt) {
      await this.finish(organizationId, messageId, {
        status: 'failed',
        error: { code: outcome.error.code, message: outcome.error.message },
      });
      return;
    }
    throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  }
}
