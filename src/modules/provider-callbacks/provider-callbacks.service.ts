/**
 * Provider callbacks (issue 4 item 2): whatever a provider posts to /channels/{id}/webhook is
 * stored first (raw, so a signature can be checked later and nothing is lost), answered at once,
 * and processed by a job that parses it with the channel's provider and applies each normalized
 * event. The sandbox's scheduled callbacks enter the same path when they are due.
 */
import type { Kysely } from 'kysely';
import type { TransactionBatcher } from '../../db/transaction-batcher.js';
import type { Logger } from 'pino';
import { isSandbox, providerFor } from '../../channels/registry.js';
import { callbackSecrets, hasCallbackToken } from '../../channels/support/callbacks.js';
import {
  ProviderError,
  type CallbackRequest,
  type HandshakeResponse,
  type NormalizedEvent,
  type ProviderDeps,
  type SignedNonce,
} from '../../channels/provider.js';
import type { DB } from '../../db/schema.js';
import { MAX_BODY_DEPTH, jsonTextDepthExceeds } from '../../http/body-depth.js';
import { AppError } from '../../errors.js';
import type { AccessChanges } from '../../access/access-changes.js';
import { KeptChannels } from '../../access/kept-channels.js';
import type { AppJobQueue, ProcessCallbackPayload, ScheduledCallbackPayload } from '../../jobs/job-payloads.js';
import { PermanentJobError, RetryJobError, type ClaimedJob, type JobContext } from '../../jobs/types.js';
import type { Executor } from '../../db/executor.js';
import { tenantQueries } from '../../db/tenant.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { fromJson, toJson } from '../../lib/json.js';
import type { EventLog } from '../../event-log/event-log.js';
import { type ChatLifecycle, type FlowHooks, receiveEcho, receiveInbound, type RatingCatcher } from '../chats/index.js';
import { type CustomerWroteListener, orgContext } from '../shared/index.js';
import { applyMessageNews, applyStatusByProviderId, applyStatusWatermark, applyStatusExtras } from '../messages/index.js';
import { hearStatusSignal } from '../governor/index.js';
import { applyHealthSignal } from '../channel-records/index.js';
import { recordOptOutSignal } from '../email-inbox/index.js';
import { resolveLids } from './lid-resolution.js';
import { type CallbackTarget, targetOf } from './callback-target.js';

export const PROCESS_CALLBACK_JOB = 'channels.process_callback';
/**
 * A status may arrive before the send's own transaction wrote the provider's id: an unknown
 * message is retried for this long before the report is dropped.
 */
const UNKNOWN_MESSAGE_GRACE_MS = 60_000;
const UNKNOWN_MESSAGE_RETRY_MS = 3000;
/**
 * A signed timestamp (Mailgun's) must be this close to now, either way (issue 26, item 1). A token
 * is kept as long as a callback carrying it could still be fresh, and a while more, then purged by
 * the retention housekeeping (modules/retention).
 */
export const CALLBACK_FRESHNESS_MS = 5 * 60_000;
export const CALLBACK_TOKEN_KEEP_MS = 3 * CALLBACK_FRESHNESS_MS;

export interface CallbackChannel {
  id: string;
  organizationId: string;
  kind: string;
  config: Record<string, unknown>;
}

export interface ProviderCallbacksDeps {
  db: Kysely<DB>;
  /** Callback transactions are group-commit units. */
  batcher: TransactionBatcher;
  queue: AppJobQueue;
  events: EventLog;
  clock: Clock;
  logger: Logger;
  providerDeps: ProviderDeps;
  /** Hears what makes a kept channel stale (access/kept-channels.ts). */
  accessChanges: AccessChanges;
  /** A customer's message changes its chat (back to in progress from await_closing; the WhatsApp window). */
  chatLifecycle: ChatLifecycle;
  /** Offered every customer message (a run waiting for a reply, a response flow). */
  flows: FlowHooks;
  /** Also told of every customer message, in its transaction (scheduled messages, the away message). */
  customerWrote?: readonly CustomerWroteListener[];
  /** Catches a rating answering the satisfaction question (csat/). */
  ratings?: RatingCatcher;
}

export class ProviderCallbacksService {
  /** Every callback reads its channel first; kept until the channel changes (access/kept-channels.ts). */
  private readonly channels: KeptChannels<CallbackChannel>;
  private readonly targets: KeptChannels<CallbackTarget>;

  constructor(private readonly deps: ProviderCallbacksDeps) {
    this.channels = new KeptChannels(deps.accessChanges);
    this.targets = new KeptChannels(deps.accessChanges);
  }

  /** Any channel, by id alone: providers know no organization. Unknown → 404. */
  async channel(channelId: string): Promise<CallbackChannel> {
    const channel = await this.channels.of({ channelId }, async () => {
      const row = await this.deps.db
        .selectFrom('channels')
        .select(['id', 'organization_id', 'kind', 'config'])
        .where('id', '=', channelId)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          organizationId: row.organization_id,
          kind: row.kind,
          config: fromJson<Record<string, unknown>>(row.config, {}),
        }
      );
    });
    if (!channel) throw new AppError('CHANNEL_NOT_FOUND', 'Channel not found');
    return channel;
  }

  /**
   * Who may post a callback (issue Hardening, item 3), checked before anything is stored:
   * - a sandbox channel: anyone (DESIGN §5 simulates inbound by posting to its URL);
   * - a provider that signs (Meta, WAHA with hmacKey, Mailgun, Evolution's apikey): its signature,
   *   and only it (the adapter would refuse the stored copy without it anyway);
   * - one that cannot: `?token=` equal to the channel's callbackSecret (or older webhookToken);
   *   a channel with neither refuses every callback, logged, until an update gives it a secret.
   * A provider that signs a timestamp and a one-time token (Mailgun) must also sign a timestamp
   * within CALLBACK_FRESHNESS_MS of now; its token is answered here and `receive` refuses it when
   * already seen, so a captured callback cannot be replayed.
   * Refused: 401 UNAUTHORIZED, nothing stored; the reason goes to the log, not to the caller.
   */
  authorize(channel: CallbackChannel, request: CallbackRequest): SignedNonce | undefined {
    if (isSandbox(channel.config)) return undefined;
    try {
      const provider = providerFor(channel, this.deps.providerDeps);
      if (provider.verifySignature(request)) {
        const nonce = provider.signedNonce?.(request);
        if (nonce) this.assertFresh(channel, nonce);
        return nonce;
      }
    } catch (err) {
      if (err instanceof ProviderError) return this.refuse(channel, `${err.code}: ${err.message}`);
      throw err;
    }
    if (callbackSecrets(channel.config).length === 0)
      return this.refuse(channel, 'the channel has no callback secret (update it to generate one)');
    if (!hasCallbackToken(request, channel.config)) return this.refuse(channel, 'callback token missing or wrong');
    return undefined;
  }

  private refuse(channel: CallbackChannel, reason: string): never {
    this.deps.logger.warn({ channelId: channel.id, kind: channel.kind, reason }, 'provider callback refused');
    throw new AppError('UNAUTHORIZED', 'Callback not authenticated');
  }

  private assertFresh(channel: CallbackChannel, nonce: SignedNonce): void {
    const skewMs = nonce.timestampSeconds * 1000 - this.deps.clock.now().getTime();
    if (Math.abs(skewMs) > CALLBACK_FRESHNESS_MS)
      this.refuse(channel, `signed timestamp ${Math.round(skewMs / 1000)} s from now, outside the freshness window`);
  }

  /**
   * Stores the raw callback and its processing job in one transaction; with a signed token, the
   * token too, and a token already seen on the channel refuses the callback (401, nothing stored).
   */
  async receive(channel: CallbackChannel, request: CallbackRequest, nonce?: SignedNonce): Promise<string> {
    return this.deps.db.transaction().execute(async (trx) => {
      if (nonce && !(await this.claimToken(trx, channel, nonce.token))) this.refuse(channel, 'signed token already used (a replay)');
      return this.store(trx, channel.organizationId, channel.id, request);
    });
  }

  /** Records a callback's one-time token; false when the channel has seen it (the key is taken). */
  private async claimToken(trx: Executor, channel: CallbackChannel, token: string): Promise<boolean> {
    const result = await trx
      .insertInto('provider_callback_tokens')
      .values({ channel_id: channel.id, token, organization_id: channel.organizationId, seen_at: this.deps.clock.now().toISOString() })
      .onConflict((oc) => oc.columns(['channel_id', 'token']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  handshake(channel: CallbackChannel, request: CallbackRequest): HandshakeResponse | undefined {
    try {
      return providerFor(channel, this.deps.providerDeps).handshake?.(request);
    } catch (err) {
      // A channel whose provider cannot be built refuses verification, with the reason.
      if (err instanceof ProviderError) return { status: 403, body: `${err.code}: ${err.message}` };
      throw err;
    }
  }

  /**
   * A sandbox callback fell due: from here on it is a provider callback like any other, stored and
   * applied by the same code, only in one transaction with its job's end (one job per callback
   * rather than a store job and a process job). A status for a message not known yet leaves it
   * stored unprocessed, to the process job's retries, as a real provider's callback would be.
   */
  async runScheduledJob(job: ClaimedJob<ScheduledCallbackPayload>, context: JobContext): Promise<void> {
    const { channelId, body } = job.payload;
    const organizationId = job.organizationId ?? '';
    const target = await this.target(organizationId, channelId);
    if (!target) return; // the channel was deleted meanwhile: nothing to apply it to
    const request: CallbackRequest = { method: 'POST', headers: { 'content-type': 'application/json' }, query: {}, body };
    const events = await this.withResolvedLids(target, this.parse(target, request));
    const now = this.deps.clock.now().toISOString();
    await this.deps.batcher.run(async (trx) => {
      // Applied first, then stored as it ended: processed, or waiting for the process job (one
      // statement fewer than storing it unprocessed and marking it; callbacks come two per send).
      const id = newId();
      const retry = await this.apply(trx, target, events, { id, receivedAt: now, now });
      await this.insertCallback(trx, { id, organizationId, channelId, request, receivedAt: now, processedAt: retry ? null : now });
      if (retry) await this.enqueueProcessing(trx, organizationId, id);
      await context.completeIn(trx);
    });
  }

  private async store(trx: Executor, organizationId: string, channelId: string, request: CallbackRequest): Promise<string> {
    const id = newId();
    await this.insertCallback(trx, {
      id,
      organizationId,
      channelId,
      request,
      receivedAt: this.deps.clock.now().toISOString(),
      processedAt: null,
    });
    await this.enqueueProcessing(trx, organizationId, id);
    return id;
  }

  private async insertCallback(
    trx: Executor,
    callback: {
      id: string;
      organizationId: string;
      channelId: string;
      request: CallbackRequest;
      receivedAt: string;
      processedAt: string | null;
    },
  ): Promise<void> {
    const { id, organizationId, channelId, request, receivedAt, processedAt } = callback;
    await trx
      .insertInto('provider_callbacks')
      .values({
        id,
        organization_id: organizationId,
        channel_id: channelId,
        method: request.method,
        headers: toJson(request.headers),
        query: toJson(request.query),
        body: request.body,
        received_at: receivedAt,
        processed_at: processedAt,
      })
      .execute();
  }

  private async enqueueProcessing(trx: Executor, organizationId: string, callbackId: string): Promise<void> {
    await this.deps.queue.enqueue(trx, {
      type: PROCESS_CALLBACK_JOB,
      organizationId,
      payload: { callbackId },
    });
  }

  /**
   * Parses a stored callback with its channel's provider and applies every event, in one
   * transaction (a group-commit unit: callbacks arrive two or three per sent message) that also ends
   * the job.
   */
  async runProcessJob(job: ClaimedJob<ProcessCallbackPayload>, context: JobContext): Promise<void> {
    const { callbackId } = job.payload;
    const organizationId = job.organizationId ?? '';
    // The callback with its channel and organization, in one read (this runs for every callback).
    const row = await this.deps.db
      .selectFrom('provider_callbacks as cb')
      .innerJoin('channels as c', (join) => join.onRef('c.id', '=', 'cb.channel_id').onRef('c.organization_id', '=', 'cb.organization_id'))
      .innerJoin('organizations as o', 'o.id', 'cb.organization_id')
      .select(['cb.method', 'cb.headers', 'cb.query', 'cb.body', 'cb.received_at', 'cb.processed_at'])
      .select(['c.id', 'c.kind', 'c.config', 'c.settings', 'o.settings as org_settings'])
      .where('cb.organization_id', '=', organizationId)
      .where('cb.id', '=', callbackId)
      .executeTakeFirst();
    if (!row || row.processed_at !== null) return;
    const target = targetOf(organizationId, row);
    const request: CallbackRequest = {
      method: row.method,
      headers: fromJson(row.headers, {}),
      query: fromJson(row.query, {}),
      body: row.body,
    };
    const events = await this.withResolvedLids(target, this.parse(target, request));
    const now = this.deps.clock.now().toISOString();
    const waitForMessage = await this.deps.batcher.run(async (trx) => {
      const retry = await this.apply(trx, target, events, { id: callbackId, receivedAt: row.received_at, now });
      if (retry) return true;
      await tenantQueries(trx, organizationId)
        .updateTable('provider_callbacks')
        .set({ processed_at: now })
        .where('id', '=', callbackId)
        .execute();
      await context.completeIn(trx);
      return false;
    });
    if (waitForMessage) throw new RetryJobError('a status names a message not known (yet)', UNKNOWN_MESSAGE_RETRY_MS);
  }

  /** The channel a callback is for, with what applying it needs (kept); undefined once the channel is gone. */
  private async target(organizationId: string, channelId: string): Promise<CallbackTarget | undefined> {
    // Asked within the organization: a job naming another organization's channel finds nothing.
    return this.targets.of({ channelId, organizationId }, async () => {
      const row = await this.deps.db
        .selectFrom('channels as c')
        .innerJoin('organizations as o', 'o.id', 'c.organization_id')
        .select(['c.id', 'c.kind', 'c.config', 'c.settings', 'o.settings as org_settings'])
        .where('c.organization_id', '=', organizationId)
        .where('c.id', '=', channelId)
        .executeTakeFirst();
      return row && targetOf(organizationId, row);
    });
  }

  /** LID-only senders, with the phone the gateway knows for them (lid-resolution.ts); outside any transaction. */
  private async withResolvedLids(target: CallbackTarget, events: NormalizedEvent[]): Promise<NormalizedEvent[]> {
    if (target.channel.sandbox) return events;
    const provider = providerFor({ kind: target.channel.kind, config: target.config }, this.deps.providerDeps);
    return resolveLids(provider, events, this.deps.logger);
  }

  private parse(target: CallbackTarget, request: CallbackRequest): NormalizedEvent[] {
    // Refused at intake since issue 26; one stored before would only fail again on every retry.
    if (jsonTextDepthExceeds(request.body, MAX_BODY_DEPTH))
      throw new PermanentJobError(`INVALID_CALLBACK: body nested deeper than ${MAX_BODY_DEPTH} levels`);
    try {
      return providerFor({ kind: target.channel.kind, config: target.config }, this.deps.providerDeps).parseCallback(request);
    } catch (err) {
      // A bad signature or an unreadable body will not improve with retries; the dead job keeps why.
      if (err instanceof ProviderError && !err.retryable) throw new PermanentJobError(`${err.code}: ${err.message}`);
      throw err;
    }
  }

  /**
   * Applies a callback's events in `trx`. Answers true when a status named a message not known yet
   * and the callback is young enough to wait for it: it then stays unprocessed, to be applied again;
   * otherwise the caller marks it processed in the same transaction.
   */
  private async apply(
    trx: Executor,
    target: CallbackTarget,
    events: NormalizedEvent[],
    callback: { id: string; receivedAt: string; now: string },
  ): Promise<boolean> {
    const { channel, organizationId } = target;
    const { chatLifecycle, flows, customerWrote, ratings } = this.deps;
    const ctx = orgContext(this.deps, trx, organizationId, callback.now);
    const young = Date.parse(callback.now) - Date.parse(callback.receivedAt) < UNKNOWN_MESSAGE_GRACE_MS;
    let unknown = false;
    for (const event of events) {
      if (event.kind === 'status') {
        const change = { status: event.status, occurredAt: event.occurredAt, error: event.error };
        const result = await applyStatusByProviderId(ctx, channel.id, event.providerMessageId, change);
        if (result === 'unknown') unknown = true;
        else {
          await applyStatusExtras(ctx, channel.id, event);
          await hearStatusSignal(ctx, channel.id, event);
        }
      } else if (event.kind === 'status_watermark') {
        await applyStatusWatermark(ctx, channel.id, event);
      } else if (event.kind === 'health') {
        await applyHealthSignal(ctx, channel.id, event);
      } else if (event.kind === 'opt_out') {
        await recordOptOutSignal(ctx, channel.id, event);
      } else if (event.kind === 'inbound') {
        const stored = await receiveInbound(ctx, channel, event, chatLifecycle, flows, customerWrote, ratings);
        if (stored === 'invalid_sender')
          this.deps.logger.warn({ callbackId: callback.id, from: event.from }, 'inbound message from an unusable sender skipped');
      } else if (event.kind === 'echo') {
        const stored = await receiveEcho(ctx, channel, event, { mayWait: young });
        if (stored === 'wait') unknown = true;
        if (stored === 'invalid_recipient')
          this.deps.logger.warn({ callbackId: callback.id, to: event.to }, 'echo to an unusable recipient skipped');
      } else if ((await applyMessageNews(ctx, channel.id, event, { byOwnId: channel.sandbox })) === 'unknown') {
        // A reaction, edit or delete of a message we do not hold (older than the channel, or not
        // stored yet): waited for like a status, then dropped with this log line (docs/providers.md).
        unknown = true;
        if (!young)
          this.deps.logger.warn(
            { callbackId: callback.id, kind: event.kind, target: event.target },
            'news about an unknown message skipped',
          );
      }
    }
    return unknown && young;
  }
}
