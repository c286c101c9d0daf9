/**
 * The organization event log: every domain change that an integrator may care about is written
 * here in the same transaction as the change (at-least-once webhooks start from this row), then
 * handed, in that transaction, to the registered subscribers: the webhook fan-out and the realtime
 * wake-up today, flows next. The composition root (runtime.ts) registers them; the log knows none.
 *
 * A subscriber may declare its interest as a scalar subquery that the event's own insert returns
 * (e.g. the webhook fan-out counts the organization's enabled endpoints); a subscriber whose
 * interest is 0 is not called. So an organization that no subscriber is interested in pays one
 * statement per event; measured against a dispatch job per event, see docs/webhooks.md.
 */
import type { AliasableExpression, Kysely } from 'kysely';
import { prepareQuery, type PreparedQuery } from '../db/prepared.js';
import type { DB } from '../db/schema.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { toJson } from '../lib/json.js';
import type { Executor } from '../db/executor.js';
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

/** A recorded event with its place in the log (`seq`, the feed's cursor), as subscribers get it: narrow it by `type`. */
export type SequencedEvent = { [T in EventType]: RecordedEvent<T> & { seq: number } }[EventType];

/**
 * Something done with every recorded event, inside the transaction that records it. The contract:
 * `onRecorded` runs after the event's row is written, in the caller's transaction, subscribers in
 * registration order. It may only write rows, enqueue jobs (durable follow-up work that exists
 * exactly when the change commits) or send a notification PostgreSQL delivers at commit there; it
 * never calls the network or waits on anything outside the database, and work that must happen after
 * the commit is a job. It never calls another
 * subscriber. Throwing fails the caller's transaction (and so the change).
 */
export interface EventSubscriber {
  /** Names the subscriber (one registration per name). */
  readonly name: string;
  /**
   * Optional gate: a cheap scalar subquery counting what the subscriber would act on for the
   * event's organization, e.g. its enabled webhook endpoints. It runs inside the event's own insert
   * (in its RETURNING), so it costs no statement; when it counts 0 the subscriber is not called for
   * that event. `organizationId` stands for the event's organization in a prepared statement: use it
   * only as a compared value. Without a gate the subscriber is called for every event.
   */
  interest?(db: Kysely<DB>, organizationId: string): AliasableExpression<unknown>;
  onRecorded(trx: Executor, event: SequencedEvent): Promise<void>;
}

/** The insert's values: `organization_id`, and `id_<i>`, `type_<i>`, `payload_<i>`, `created_at_<i>` for row i. */
type InsertParams = Record<string, string>;

interface EventInsert {
  query: PreparedQuery<InsertParams, Record<string, unknown>>;
  /** Per subscriber, the returned column holding its interest (undefined: no gate, always called). */
  gates: (string | undefined)[];
}

/**
 * The inserts of up to this many rows (one command's events: a customer with its first chat is
 * two) are kept once built; a larger one (a campaign's batch) is built for its call.
 */
const KEPT_INSERT_ROWS = 4;

/**
 * `rows` event rows of one organization, returning each one's id, its cursor (`seq`) and, as
 * `interest_<i>`, the interest of each gated subscriber.
 */
function eventInsert(subscribers: readonly EventSubscriber[], rows: number): EventInsert {
  const gates = subscribers.map((subscriber, i) => (subscriber.interest ? `interest_${i}` : undefined));
  const query = prepareQuery<InsertParams>()((db, p) =>
    db
      .insertInto('events')
      .values(
        Array.from({ length: rows }, (_, i) => ({
          id: p(`id_${i}`),
          organization_id: p('organization_id'),
          type: p(`type_${i}`),
          payload: p(`payload_${i}`),
          created_at: p(`created_at_${i}`),
        })),
      )
      .returning([
        'id',
        'seq',
        ...subscribers.flatMap((subscriber, i) =>
          subscriber.interest ? [subscriber.interest(db, p('organization_id')).as(`interest_${i}`)] : [],
        ),
      ]),
  );
  return { query: query as EventInsert['query'], gates };
}

export class EventLog {
  private subscribers: readonly EventSubscriber[] = [];
  /** The inserts of few rows by row count, built on first use for the subscribers registered. */
  private inserts = new Map<number, EventInsert>();

  /** An event's `createdAt` (unless it says when it happened) is this clock's time. */
  constructor(private readonly clock: Clock = systemClock) {}

  /** Registered once at start-up by the composition root (runtime.ts). */
  subscribe(subscriber: EventSubscriber): void {
    if (this.subscribers.some((s) => s.name === subscriber.name))
      throw new Error(`event subscriber ${subscriber.name} is already registered`);
    this.subscribers = [...this.subscribers, subscriber];
    this.inserts = new Map();
  }

  /** Call with the transaction that makes the change. */
  async record<T extends EventType>(trx: Executor, event: DomainEvent<T>): Promise<RecordedEvent<T>> {
    const [recorded] = await this.recordMany(trx, [event]);
    return recorded!;
  }

  /**
   * Events of one organization recorded by one multi-row insert (a campaign's batch opens its chats
   * so; a send to a new contact records its customer and its chat so): each gets its own row, `seq`
   * in the order given, and the subscribers as `record` calls them, event by event. The gates'
   * subqueries run in that insert's RETURNING, as they do in `record`'s.
   */
  async recordMany<T extends EventType>(trx: Executor, events: DomainEvent<T>[]): Promise<RecordedEvent<T>[]> {
    if (events.length === 0) return [];
    const organizationId = events[0]!.organizationId;
    if (events.some((e) => e.organizationId !== organizationId)) throw new Error('recordMany takes the events of one organization');
    const now = this.clock.now().toISOString();
    const recorded: RecordedEvent<T>[] = events.map((event) => ({
      id: `evt_${newId()}`,
      organizationId,
      type: event.type,
      data: event.data,
      createdAt: event.occurredAt ?? now,
    }));
    const { subscribers } = this;
    const insert = this.insertOf(recorded.length);
    const params: InsertParams = { organization_id: organizationId };
    recorded.forEach((event, i) => {
      params[`id_${i}`] = event.id;
      params[`type_${i}`] = event.type;
      params[`payload_${i}`] = toJson(event.data);
      params[`created_at_${i}`] = event.createdAt;
    });
    const { rows } = await insert.query.execute(trx, params);
    // RETURNING's row order is not guaranteed (SQLite says so): rows are matched by id.
    const byId = new Map(rows.map((row) => [row.id as string, row]));
    for (const event of recorded) {
      const row = byId.get(event.id)!;
      let sequenced: SequencedEvent | undefined;
      for (let i = 0; i < subscribers.length; i++) {
        const gate = insert.gates[i];
        if (gate !== undefined && !(Number(row[gate]) > 0)) continue;
        sequenced ??= { ...event, seq: Number(row.seq) } as SequencedEvent;
        await subscribers[i]!.onRecorded(trx, sequenced);
      }
    }
    return recorded;
  }

  /** The insert of `rows` events: kept for a few rows (one statement text per count), built for more. */
  private insertOf(rows: number): EventInsert {
    if (rows > KEPT_INSERT_ROWS) return eventInsert(this.subscribers, rows);
    let insert = this.inserts.get(rows);
    if (!insert) this.inserts.set(rows, (insert = eventInsert(this.subscribers, rows)));
    return insert;
  }
}
