/**
 * Reading the event log back: an integrator that missed webhooks catches up from the last cursor it
 * saw. The cursor is the event's place in the log (`events.seq`), so "after" never skips an event
 * that was committed before the read.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { fromJson } from '../../lib/json.js';

export interface EventPage {
  data: { id: string; type: string; data: Record<string, unknown>; createdAt: string }[];
  /** Pass as `after` for the next page; the same cursor again when nothing newer exists yet. */
  nextCursor: string;
}

export class EventsService {
  constructor(private readonly db: Kysely<DB>) {}

  async listAfter(organizationId: string, after: string | undefined, limit: number): Promise<EventPage> {
    const cursor = after === undefined ? 0 : Number(after);
    const rows = await this.db
      .selectFrom('events')
      .select(['seq', 'id', 'type', 'payload', 'created_at'])
      .where('organization_id', '=', organizationId)
      .where('seq', '>', cursor)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return {
      data: rows.map((row) => ({ id: row.id, type: row.type, data: fromJson<Record<string, unknown>>(row.payload, {}), createdAt: row.created_at })),
      nextCursor: String(rows.length > 0 ? rows[rows.length - 1].seq : cursor),
    };
  }
}
