/**
 * The organization event log: every domain change that an integrator may care about is written
 * here in the same transaction as the change (at-least-once webhooks start from this row).
 * Recording also fans the event out to the organization's matching webhook endpoints in that
 * transaction (a delivery row and a `webhooks.deliver` job each). The insert itself counts the
 * organization's enabled endpoints, so an organization without any pays no further statement and no
 * job; measured against a dispatch job per event, see docs/webhooks.md.
 */
import { prepareQuery } from '../../db/prepared.js';
import { newId } from '../../lib/ids.js';
import { toJson } from '../../lib/json.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Executor } from '../../db/executor.js';
import { fanOutEvent } from '../webhooks/webhook-fanout.js';
import type { EventPayloads, EventType } from './catalogue.js';

/** An event as a module records it: a catalogued type with its payload (catalogue.ts). */
export interface DomainEvent<T extends EventType = EventType> {
  organizationId: string;
  type: T;
  /** The event's `data` as delivered to webhooks. */
  data: EventPayloads[T];
  /** Defaults to now; the event time as the integrator sees it. */
  occurredAt?: string;
}

export interface RecordedEvent<T extends EventType = EventType> {
  id: string;
  organizationId: string;
  type: T;
  data: EventPayloads[T];
  createdAt: string;
}

/** The event row, returning its cursor and how many enabled webhook endpoints the organization has. */
const insertEvent = prepareQuery<{ id: string; organization_id: string; type: string; payload: string; created_at: string }>()((db, p) =>
  db
    .insertInto('events')
    .values({ id: p('id'), organization_id: p('organization_id'), type: p('type'), payload: p('payload'), created_at: p('created_at') })
    .returning((eb) => [
      'seq',
      eb
        .selectFrom('webhook_endpoints')
        .select((count) => count.fn.countAll<number>().as('n'))
        .where('organization_id', '=', p('organization_id'))
        .where('enabled', '=', 1)
        .as('endpoints'),
    ]),
);

export class EventLog {
  constructor(private readonly queue: JobQueue) {}

  /** Call with the transaction that makes the change. */
  async record<T extends EventType>(trx: Executor, event: DomainEvent<T>): Promise<RecordedEvent<T>> {
    const recorded: RecordedEvent<T> = {
      id: `evt_${newId()}`,
      organizationId: event.organizationId,
      type: event.type,
      data: event.data,
      createdAt: event.occurredAt ?? new Date().toISOString(),
    };
    const { rows } = await insertEvent.execute(trx, {
      id: recorded.id,
      organization_id: recorded.organizationId,
      type: recorded.type,
      payload: toJson(recorded.data),
      created_at: recorded.createdAt,
    });
    const { seq, endpoints } = rows[0];
    if (Number(endpoints) > 0) await fanOutEvent(trx, this.queue, { ...recorded, seq });
    return recorded;
  }
}
