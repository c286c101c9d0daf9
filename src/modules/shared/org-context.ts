/**
 * The scope of one command of one organization, passed as one value instead of
 * `(trx, events, organizationId, …, now)`: the organization, the transaction the command writes
 * in, the tenant query starters over that transaction (db/tenant.ts), the one instant every row of
 * the command is written with, and the event writer for this organization in this transaction.
 *
 *   return this.deps.db.transaction().execute(async (trx) => {
 *     const ctx = orgContext(this.deps, trx, organizationId);
 *     const row = await ctx.q.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
 *     …
 *     await ctx.emit('customer.updated', { customer, changed }, LOG_TIME);
 *   });
 */
import type { Executor } from '../../db/executor.js';
import { tenantQueries, type TenantQueries } from '../../db/tenant.js';
import type { Clock } from '../../lib/clock.js';
import type { EventPayloads, EventType } from '../../event-log/catalogue.js';
import type { DomainEvent, EventLog, RecordedEvent } from '../../event-log/event-log.js';

/**
 * `emit`'s event time for events the event log stamps itself, when it records them (the CRM's
 * customer.* events have always been stamped so). Without it an event carries `ctx.now`.
 */
export const LOG_TIME: unique symbol = Symbol('the event log stamps the event when it records it');

export interface OrgContext {
  readonly organizationId: string;
  /** The command's transaction (or the database, for a read outside one). */
  readonly trx: Executor;
  /** Query starters with the organization filter applied, over `trx`. */
  readonly q: TenantQueries;
  /** ISO-8601: the one instant for every row the command writes. */
  readonly now: string;
  /**
   * Records an event of this organization in `trx` (EventLog.record, with its subscribers). Its time
   * is `occurredAt`, else `now`; `LOG_TIME` leaves it to the event log (the time it is recorded).
   */
  emit<T extends EventType>(type: T, data: EventPayloads[T], occurredAt?: string | typeof LOG_TIME): Promise<RecordedEvent<T>>;
  /**
   * Records events of any types by one insert (EventLog.recordMany), in the order given (their `seq`
   * follows it), each timed as `emit` times it: what one command writes together, e.g. a customer
   * and its first chat, or a campaign batch's chats.
   */
  emitAll(events: readonly EventDraft[]): Promise<RecordedEvent[]>;
}

/** An event to record, as `emit` takes it. */
export type EventDraft = {
  [T in EventType]: { type: T; data: EventPayloads[T]; occurredAt?: string | typeof LOG_TIME };
}[EventType];

/** What a context is built from: the event log and the clock (AppDeps has both). */
export interface OrgContextDeps {
  events: EventLog;
  clock: Clock;
}

class Context implements OrgContext {
  readonly q: TenantQueries;

  constructor(
    private readonly events: EventLog,
    readonly trx: Executor,
    readonly organizationId: string,
    readonly now: string,
  ) {
    this.q = tenantQueries(trx, organizationId);
  }

  emit<T extends EventType>(type: T, data: EventPayloads[T], occurredAt?: string | typeof LOG_TIME): Promise<RecordedEvent<T>> {
    return this.events.record(this.trx, {
      organizationId: this.organizationId,
      type,
      data,
      occurredAt: occurredAt === LOG_TIME ? undefined : (occurredAt ?? this.now),
    });
  }

  emitAll(events: readonly EventDraft[]): Promise<RecordedEvent[]> {
    return this.events.recordMany(
      this.trx,
      events.map(({ type, data, occurredAt }) => ({
        organizationId: this.organizationId,
        type,
        data,
        occurredAt: occurredAt === LOG_TIME ? undefined : (occurredAt ?? this.now),
      })) as DomainEvent[],
    );
  }
}

/**
 * One command's context: `now` is read from the clock here unless the caller already holds the
 * command's instant (a unit of work the batcher may run twice must keep the instant it was given).
 */
export function orgContext(deps: OrgContextDeps, trx: Executor, organizationId: string, now?: string): OrgContext {
  return new Context(deps.events, trx, organizationId, now ?? deps.clock.now().toISOString());
}
