/**
 * The operator's event sinks (DESIGN §13): created, listed, changed and removed through the admin
 * API. A sink's place in the log starts at the log's head (`start: 'now'`) or before its oldest
 * event (`oldest`); the runner (sink-runner.ts) moves it. The URL is the operator's, as a channel's
 * base URL is, so it is not put through the tenants' outbound guard; its credentials never leave
 * in an answer.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { DB, EventSinksTable } from '../../db/schema.js';
import { notFound, validationError, type ErrorDetail } from '../../errors.js';
import { logHead } from '../../event-log/log-reader.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { fromJson, toJson } from '../../lib/json.js';
import { maskUrlCredentials } from '../../lib/masking.js';
import type { CreateEventSinkInput, EventSinkRecord, UpdateEventSinkInput } from './event-sinks.schemas.js';
import { parseKafkaUrl } from './kafka-publisher.js';
import type { SinkKind } from './sink-publisher.js';
import { leaseHeld } from '../../db/row-lease.js';

const LAG_COUNT_CAP = 100_000;
const DEFAULT_TARGET: Record<SinkKind, string> = { nats: 'conversa', rabbitmq: 'conversa', kafka: 'conversa-events' };
const TARGET_FIELD: Record<SinkKind, 'subject' | 'exchange' | 'topic'> = { nats: 'subject', rabbitmq: 'exchange', kafka: 'topic' };
const SCHEMES: Record<SinkKind, readonly string[]> = { nats: ['nats:'], rabbitmq: ['amqp:', 'amqps:'], kafka: ['kafka:', 'kafkas:'] };

/** The URL's problem for its kind, or undefined when it is one the kind's client takes. */
function urlProblem(kind: SinkKind, url: string): string | undefined {
  const expected = `${SCHEMES[kind].map((scheme) => `${scheme}//`).join(' or ')}host:port`;
  if (kind === 'kafka') return parseKafkaUrl(url) ? undefined : `must be ${expected}[,host:port]`;
  try {
    const parsed = new URL(url);
    return SCHEMES[kind].includes(parsed.protocol) && parsed.hostname ? undefined : `must be ${expected}`;
  } catch {
    return `must be ${expected}`;
  }
}

export class EventSinksService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly clock: Clock,
    /** Whether a process streams sinks right now is known only by their leases' expiry. */
    private readonly isOrganization: (id: string) => Promise<boolean>,
  ) {}

  async create(input: CreateEventSinkInput): Promise<EventSinkRecord> {
    const problems: ErrorDetail[] = [];
    const urlIssue = urlProblem(input.kind, input.url);
    if (urlIssue) problems.push({ field: 'url', message: urlIssue });
    for (const field of ['subject', 'exchange', 'topic'] as const) {
      if (input[field] !== undefined && field !== TARGET_FIELD[input.kind])
        problems.push({ field, message: `is not used by a ${input.kind} sink (it takes ${TARGET_FIELD[input.kind]})` });
    }
    if (problems.length) throw validationError(problems);
    const organizationId = input.organizationId ?? null;
    if (organizationId !== null && !(await this.isOrganization(organizationId))) throw notFound('ORGANIZATION_NOT_FOUND', 'Organization');
    const scope = organizationId === null ? {} : { organizationId };
    const place = input.start === 'oldest' ? { xid: '0', seq: 0 } : await logHead(this.db, this.dialect, scope);
    const now = this.clock.now().toISOString();
    const row = await this.db
      .insertInto('event_sinks')
      .values({
        id: newId(),
        kind: input.kind,
        url: input.url,
        organization_id: organizationId,
        events: input.events ? toJson(input.events) : null,
        target: input[TARGET_FIELD[input.kind]] ?? DEFAULT_TARGET[input.kind],
        enabled: input.enabled === false ? 0 : 1,
        cursor_xid: place.xid,
        cursor_seq: place.seq,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.toRecord(row);
  }

  async list(): Promise<EventSinkRecord[]> {
    const rows = await this.db.selectFrom('event_sinks').selectAll().orderBy('created_at').orderBy('id').execute();
    return Promise.all(rows.map((row) => this.toRecord(row)));
  }

  async get(id: string): Promise<EventSinkRecord> {
    return this.toRecord(await this.row(id));
  }

  async update(id: string, input: UpdateEventSinkInput): Promise<EventSinkRecord> {
    const current = await this.row(id);
    if (input.url !== undefined) {
      const urlIssue = urlProblem(current.kind as SinkKind, input.url);
      if (urlIssue) throw validationError([{ field: 'url', message: urlIssue }]);
    }
    const row = await this.db
      .updateTable('event_sinks')
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: input.events ? toJson(input.events) : null } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
        updated_at: this.clock.now().toISOString(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('EVENT_SINK_NOT_FOUND', 'Event sink');
    return this.toRecord(row);
  }

  async remove(id: string): Promise<void> {
    const { numDeletedRows } = await this.db.deleteFrom('event_sinks').where('id', '=', id).executeTakeFirst();
    if (Number(numDeletedRows) === 0) throw notFound('EVENT_SINK_NOT_FOUND', 'Event sink');
  }

  private async row(id: string): Promise<Selectable<EventSinksTable>> {
    const row = await this.db.selectFrom('event_sinks').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('EVENT_SINK_NOT_FOUND', 'Event sink');
    return row;
  }

  /** Events of the sink's scope after its place, counted up to LAG_COUNT_CAP (a GET stays cheap). */
  private async lag(row: Selectable<EventSinksTable>): Promise<number> {
    let query = this.db.selectFrom('events').select('seq');
    if (row.organization_id !== null) query = query.where('organization_id', '=', row.organization_id);
    query =
      this.dialect === 'postgres'
        ? query.where(sql<boolean>`(xid, seq) > (${row.cursor_xid}::xid8, ${row.cursor_seq})`)
        : query.where('seq', '>', row.cursor_seq);
    const counted = await this.db
      .selectFrom(query.limit(LAG_COUNT_CAP).as('behind'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(counted.count);
  }

  private async toRecord(row: Selectable<EventSinksTable>): Promise<EventSinkRecord> {
    const leased = leaseHeld(row, this.clock.now());
    const failing = row.last_error_at !== null && (row.last_published_at === null || row.last_error_at > row.last_published_at);
    return {
      id: row.id,
      kind: row.kind as SinkKind,
      url: maskUrlCredentials(row.url),
      organizationId: row.organization_id,
      events: row.events === null ? null : fromJson<string[]>(row.events, []),
      target: row.target,
      enabled: row.enabled === 1,
      state: row.enabled !== 1 ? 'disabled' : failing ? 'failing' : leased ? 'streaming' : 'waiting',
      lag: await this.lag(row),
      publishedCount: Number(row.published_count),
      failureCount: Number(row.failure_count),
      lastPublishedAt: row.last_published_at,
      lastError: row.last_error,
      lastErrorAt: row.last_error_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }
}
