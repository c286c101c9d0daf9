/**
 * Fan-out of one event to the organization's webhook endpoints, in the transaction that records the
 * event: a delivery row and a `webhooks.deliver` job per enabled endpoint whose filter matches. It
 * is the event log's subscriber `webhooks` (registered by runtime.ts); its gate counts the
 * organization's enabled endpoints inside the event's own insert, so it runs only when there are any.
 */
import type { AppJobQueue } from '../../jobs/job-payloads.js';
import type { Executor } from '../../db/executor.js';
import { tenantQueries } from '../../db/tenant.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { fromJson } from '../../lib/json.js';
import type { EventSubscriber } from '../../event-log/event-log.js';
import { filterMatches, orderingKey, WEBHOOK_DELIVER_JOB } from './webhook-rules.js';

export interface FanOutEvent {
  id: string;
  seq: number;
  organizationId: string;
  type: string;
  data: Record<string, unknown>;
}

/** Returns the number of deliveries created. */
export async function fanOutEvent(trx: Executor, queue: AppJobQueue, event: FanOutEvent, clock: Clock = systemClock): Promise<number> {
  const endpoints = await tenantQueries(trx, event.organizationId)
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('enabled', '=', 1)
    .execute();
  const matching = endpoints.filter((endpoint) => filterMatches(fromJson<string[]>(endpoint.events, []), event.type));
  if (matching.length === 0) return 0;
  const now = clock.now().toISOString();
  const key = orderingKey(event.data);
  const rows = matching.map((endpoint) => ({
    id: newId(),
    organization_id: event.organizationId,
    endpoint_id: endpoint.id,
    event_id: event.id,
    event_type: event.type,
    event_seq: event.seq,
    ordering_key: key,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    last_status_code: null,
    last_error: null,
    created_at: now,
    updated_at: now,
  }));
  await trx.insertInto('webhook_deliveries').values(rows).execute();
  await queue.enqueueMany(
    trx,
    rows.map((row) => ({
      type: WEBHOOK_DELIVER_JOB,
      organizationId: event.organizationId,
      payload: { deliveryId: row.id },
    })),
  );
  return rows.length;
}

/**
 * The event log's subscriber for webhooks. Everything after the commit (the HTTP requests) happens in
 * the `webhooks.deliver` jobs it enqueues.
 */
export function webhookFanOutSubscriber(queue: AppJobQueue, clock: Clock = systemClock): EventSubscriber {
  return {
    name: 'webhooks',
    // The organization's enabled endpoints: with none, recording an event costs its insert alone.
    // Runs inside the event's prepared insert (organizationId is its placeholder): kept as the measured statement.
    interest: (db, organizationId) =>
      db
        .selectFrom('webhook_endpoints')
        .select((count) => count.fn.countAll<number>().as('n'))
        .where('organization_id', '=', organizationId)
        .where('enabled', '=', 1),
    async onRecorded(trx, event) {
      await fanOutEvent(trx, queue, event, clock);
    },
  };
}
