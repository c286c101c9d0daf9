/**
 * Reading the event log back: an integrator that missed webhooks catches up from the last cursor it
 * saw. The cursor is the event's place in the log (`events.seq`). On PostgreSQL a page stops before
 * the first event younger than SETTLE_MS (by the database clock), so that an event with a smaller
 * seq whose transaction is still open cannot be skipped (see migration 0004-webhooks-events-inserted-at).
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { fromJson } from '../../lib/json.js';

/** Longer than any transaction of ours stays open after writing an event (they are short, no network I/O). */
export const SETTLE_MS = 1000;

export interface EventPage {
  data: { id: string; type: string; data: Record<string, unknown>; createdAt: string }[];
  /** Pass as `after` for the next page; the same cursor again when nothing newer exists yet. */
  nextCursor: string;
}

export class EventsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  async listAfter(organizationId: string, after: string | undefined, limit: number): Promise<EventPage> {
    const cursor = after === undefined ? 0 : Number(after);
    const rows = await tenantQueries(this.db, organizationId)
      .selectFrom('events')
      .select(['seq', 'id', 'type', 'payload', 'created_at', 'inserted_at'])
      .where('seq', '>', cursor)
      .orderBy('seq')
      .limit(limit)
      .execute();
    const horizon = await this.settledBefore();
    const unsettled = rows.findIndex((row) => horizon !== undefined && row.inserted_at !== null && row.inserted_at > horizon);
    if (unsettled !== -1) rows.length = unsettled;
    return {
      data: rows.map((row) => ({
        id: row.id,
        type: row.type,
        data: fromJson<Record<string, unknown>>(row.payload, {}),
        createdAt: row.created_at,
      })),
      nextCursor: String(rows.length > 0 ? rows[rows.length - 1].seq : cursor),
    };
  }

  /** PostgreSQL only: rows inserted before this instant (database clock) have settled. */
  private async settledBefore(): Promise<string | undefined> {
    if (this.dialect !== 'postgres') return undefined;
    const { rows } = await sql<{
      horizon: string;
    }>`select clock_timestamp() - make_interval(secs => ${SETTLE_MS / 1000}) as horizon`.execute(this.db);
    return rows[0].horizon;
  }
}
