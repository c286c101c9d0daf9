/**
 * Delivering events to endpoints: the `webhooks.deliver` job, the delivery log and replays.
 *
 * One job per delivery. The HTTP call happens outside any transaction; its outcome (the attempt row
 * and the delivery's new state) is written in one short transaction afterwards. A failed attempt is
 * retried on the configured schedule through RetryJobError; after the last one the delivery is
 * `failed` (the dead letter is the delivery row, with every attempt kept). 410 disables the endpoint.
 *
 * Order: a delivery about a subject (e.g. one message) waits while an earlier delivery to the same
 * endpoint about the same subject has not had its first attempt, so a healthy receiver gets one
 * message's statuses in event order. Once an attempt failed, later events no longer wait for its
 * retries (see docs/webhooks.md).
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import { RetryJobError, type ClaimedJob } from '../../jobs/types.js';
import { retryDelayMs, schedule } from '../../jobs/backoff.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { fromJson, toJson } from '../../lib/json.js';
import { ORDER_WAIT_MAX_POLLS, orderWaitMs, webhookBody } from './webhook-rules.js';
import type { DeliverJobPayload } from '../../jobs/job-payloads.js';
import type { AttemptResult, WebhookSender } from './webhook-sender.js';
import type { DeliveryStatus, WebhookDeliveryRecord } from './webhooks.schemas.js';

export interface DeliveriesOptions {
  db: Kysely<DB>;
  clock: Clock;
  sender: WebhookSender;
  retryScheduleMs: readonly number[];
  logger: Logger;
}

type Loaded = NonNullable<Awaited<ReturnType<DeliveriesService['load']>>>;

export class DeliveriesService {
  constructor(private readonly options: DeliveriesOptions) {}

  private get db() {
    return this.options.db;
  }

  /** The `webhooks.deliver` job handler. */
  async runJob(job: ClaimedJob<DeliverJobPayload>, signal: AbortSignal): Promise<void> {
    const { deliveryId } = job.payload;
    const delivery = await this.load(job.organizationId ?? '', deliveryId);
    // Deleted with its endpoint, or finished by a replay: nothing left to do.
    if (!delivery || delivery.status !== 'pending') return;
    if (delivery.enabled !== 1) {
      await this.finish(delivery, `endpoint disabled: ${delivery.disabled_reason ?? 'no reason given'}`);
      return;
    }
    if (delivery.attempts === 0 && Boolean(delivery.earlier_unsent) && job.attempt <= ORDER_WAIT_MAX_POLLS) {
      throw new RetryJobError('waiting for an earlier delivery about the same subject', orderWaitMs(job.attempt));
    }
    const result = await this.send(delivery, signal);
    // Cut short by a shutdown: not the receiver's failure; the worker hands the job to another run.
    if (signal.aborted) throw new Error('delivery interrupted by worker shutdown');
    const retryInMs = await this.record(delivery, result, false);
    if (retryInMs !== undefined) throw new RetryJobError(`attempt ${delivery.attempts + 1} failed: ${result.error}`, retryInMs);
  }

  /** Sends one delivery again now (same `webhook-id`), whatever its state; a failed replay changes no state. */
  async replay(organizationId: string, endpointId: string, deliveryId: string) {
    const delivery = await this.load(organizationId, deliveryId);
    if (!delivery || delivery.endpoint_id !== endpointId) throw new AppError('DELIVERY_NOT_FOUND', 'Delivery not found');
    const result = await this.send(delivery);
    await this.record(delivery, result, true);
    const [record] = await this.records(organizationId, [deliveryId]);
    if (!record) throw new AppError('DELIVERY_NOT_FOUND', 'Delivery not found');
    return { delivery: record, attempt: record.attempts[0] };
  }

  async list(organizationId: string, endpointId: string, query: { cursor?: string; limit?: number; status?: DeliveryStatus }) {
    const limit = query.limit ?? 20;
    const rows = await tenantQueries(this.db, organizationId)
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', endpointId)
      .$if(query.cursor !== undefined, (q) => q.where('id', '<', query.cursor!))
      .$if(query.status !== undefined, (q) => q.where('status', '=', query.status!))
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const page = rows.slice(0, limit).map((r) => r.id);
    return { data: await this.records(organizationId, page), nextCursor: rows.length > limit ? page[page.length - 1] : null };
  }

  /** A delivery with its endpoint and event, or undefined. */
  private load(organizationId: string, deliveryId: string) {
    return (
      this.db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .innerJoin('events as ev', 'ev.id', 'd.event_id')
        .select([
          'd.id',
          'd.organization_id',
          'd.endpoint_id',
          'd.event_id',
          'd.status',
          'd.attempts',
          'd.event_seq',
          'd.ordering_key',
          'e.url',
          'e.secret',
          'e.enabled',
          'e.disabled_reason',
          'ev.type as event_type',
          'ev.payload',
          'ev.created_at as event_created_at',
        ])
        // Whether an earlier delivery to this endpoint about the same subject has not been attempted yet.
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('webhook_deliveries as p')
                .select('p.id')
                .whereRef('p.organization_id', '=', 'd.organization_id')
                .whereRef('p.endpoint_id', '=', 'd.endpoint_id')
                .whereRef('p.ordering_key', '=', 'd.ordering_key')
                .whereRef('p.event_seq', '<', 'd.event_seq')
                .where('p.status', '=', 'pending')
                .where('p.attempts', '=', 0),
            )
            .as('earlier_unsent'),
        )
        .where('d.organization_id', '=', organizationId)
        .where('d.id', '=', deliveryId)
        .executeTakeFirst()
    );
  }

  private send(delivery: Loaded, signal?: AbortSignal): Promise<AttemptResult> {
    const body = webhookBody({
      id: delivery.event_id,
      type: delivery.event_type,
      data: fromJson<Record<string, unknown>>(delivery.payload, {}),
      createdAt: delivery.event_created_at,
    });
    return this.options.sender.send({
      organizationId: delivery.organization_id,
      url: delivery.url,
      secret: delivery.secret,
      eventId: delivery.event_id,
      body: toJson(body),
      signal,
    });
  }

  /**
   * Writes the attempt and the delivery's new state in one transaction; returns the wait before the
   * next attempt when one is due. A replay records its attempt but never schedules or fails.
   */
  private async record(delivery: Loaded, result: AttemptResult, replay: boolean): Promise<number | undefined> {
    const now = this.options.clock.now();
    const attemptsMade = delivery.attempts + 1;
    const gone = result.statusCode === 410;
    const retryInMs = result.ok || gone || replay ? undefined : retryDelayMs(schedule(this.options.retryScheduleMs), attemptsMade);
    const status: DeliveryStatus = result.ok
      ? 'delivered'
      : gone
        ? 'failed'
        : replay
          ? (delivery.status as DeliveryStatus)
          : retryInMs === undefined
            ? 'failed'
            : 'pending';
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhook_attempts')
        .values({
          id: newId(),
          organization_id: delivery.organization_id,
          delivery_id: delivery.id,
          attempted_at: now.toISOString(),
          status_code: result.statusCode,
          latency_ms: result.latencyMs,
          response_excerpt: result.responseExcerpt,
          error: result.error,
        })
        .execute();
      await tenantQueries(trx, delivery.organization_id)
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          status,
          attempts: eb('attempts', '+', 1),
          next_attempt_at: retryInMs === undefined ? null : new Date(now.getTime() + retryInMs).toISOString(),
          last_status_code: result.statusCode,
          last_error: result.error,
          updated_at: now.toISOString(),
        }))
        .where('id', '=', delivery.id)
        // A replay may have delivered it meanwhile; a retry's failure must not undo that.
        .$if(!replay, (q) => q.where('status', '=', 'pending'))
        .execute();
      if (gone) {
        await tenantQueries(trx, delivery.organization_id)
          .updateTable('webhook_endpoints')
          .set({ enabled: 0, disabled_reason: `the receiver answered 410 Gone at ${now.toISOString()}`, updated_at: now.toISOString() })
          .where('id', '=', delivery.endpoint_id)
          .execute();
      }
    });
    if (!result.ok) {
      this.options.logger.info(
        { deliveryId: delivery.id, eventId: delivery.event_id, statusCode: result.statusCode, error: result.error, status },
        'webhook attempt failed',
      );
    }
    return retryInMs;
  }

  /** Ends a delivery without an attempt (its endpoint was disabled). */
  private async finish(delivery: Loaded, reason: string): Promise<void> {
    await tenantQueries(this.db, delivery.organization_id)
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_attempt_at: null, last_error: reason, updated_at: this.options.clock.now().toISOString() })
      .where('id', '=', delivery.id)
      .where('status', '=', 'pending')
      .execute();
  }

  private async records(organizationId: string, ids: string[]): Promise<WebhookDeliveryRecord[]> {
    if (ids.length === 0) return [];
    // Deliveries first, then attempts (not in parallel): an attempt commits with its delivery's
    // state, so every state read here has its attempt in the second read.
    const deliveries = await tenantQueries(this.db, organizationId)
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', 'in', ids)
      .execute();
    const attempts = await tenantQueries(this.db, organizationId)
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', 'in', ids)
      .orderBy('id', 'desc')
      .execute();
    const byId = new Map(deliveries.map((d) => [d.id, d]));
    return ids.flatMap((id) => {
      const d = byId.get(id);
      if (!d) return [];
      return [
        {
          id: d.id,
          endpointId: d.endpoint_id,
          eventId: d.event_id,
          eventType: d.event_type,
          status: d.status as DeliveryStatus,
          attemptCount: d.attempts,
          nextAttemptAt: d.next_attempt_at,
          lastStatusCode: d.last_status_code,
          lastError: d.last_error,
          createdAt: d.created_at,
          updatedAt: d.updated_at,
          attempts: attempts
            .filter((a) => a.delivery_id === id)
            .map((a) => ({
              id: a.id,
              attemptedAt: a.attempted_at,
              statusCode: a.status_code,
              latencyMs: a.latency_ms,
              responseExcerpt: a.response_excerpt,
              error: a.error,
            })),
        },
      ];
    });
  }
}
