/**
 * Event payloads in one casing (issue 14): an event's own keys are snake_case, like the spec's
 * `message.status_updated`. The events recorded before, in camelCase, are rewritten here, so that
 * the feed, the stream and a replayed or retried webhook delivery show one shape whatever the age
 * of the event (docs/webhooks.md "Casing"). Embedded API records (`customer`, `note`) keep the
 * API's names and are not touched; only the top-level keys listed below are renamed, in place (the
 * key order is kept on SQLite; PostgreSQL's jsonb orders keys its own way anyway). Rows are read
 * and written in pages of 500 by seq, so memory stays flat on a large log; a row with none of the
 * old keys is not written.
 *
 * The renames are spelt out here, frozen, rather than derived from the live catalogue: a migration
 * must do tomorrow what it did today.
 */
import type { Kysely } from 'kysely';

const TAG = { customerId: 'customer_id', tagId: 'tag_id', chatId: 'chat_id', actorProfileId: 'actor_profile_id' };
const NOTE = { customerId: 'customer_id' };
const FLOW = { runId: 'run_id', flowId: 'flow_id', chatId: 'chat_id' };

/** Old key → new key, per event type. */
export const RENAMED_KEYS: Record<string, Record<string, string>> = {
  'chat.status_changed': { chatId: 'chat_id' },
  'chat.assigned': {
    chatId: 'chat_id',
    assigneeProfileId: 'assignee_profile_id',
    previousAssigneeProfileId: 'previous_assignee_profile_id',
    teamId: 'team_id',
  },
  'chat.read': { chatId: 'chat_id', profileId: 'profile_id', markedRead: 'marked_read' },
  'customer.stage_changed': {
    customerId: 'customer_id',
    fromStageId: 'from_stage_id',
    toStageId: 'to_stage_id',
    stageOrder: 'stage_order',
    chatId: 'chat_id',
    movedByProfileId: 'moved_by_profile_id',
  },
  'customer.tag_added': TAG,
  'customer.tag_removed': TAG,
  'customer.field_value_set': { customerId: 'customer_id' },
  'customer.note_created': NOTE,
  'customer.note_updated': NOTE,
  'customer.note_deleted': { customerId: 'customer_id', noteId: 'note_id' },
  'flow.started': FLOW,
  'flow.completed': FLOW,
  'flow.failed': FLOW,
};

const PAGE = 500;

/** The payload with its keys renamed in place, or null when no key is to be renamed. */
export function renameKeys(payload: Record<string, unknown>, renames: Record<string, string>): Record<string, unknown> | null {
  if (!Object.keys(payload).some((key) => key in renames)) return null;
  return Object.fromEntries(Object.entries(payload).map(([key, value]) => [renames[key] ?? key, value]));
}

interface Row {
  seq: number | string;
  type: string;
  payload: unknown;
}

async function rewrite(db: Kysely<unknown>, renamesOf: (type: string) => Record<string, string>): Promise<void> {
  const typed = db as unknown as Kysely<{ events: Row }>;
  const types = Object.keys(RENAMED_KEYS);
  let after = 0;
  for (;;) {
    const rows = await typed
      .selectFrom('events')
      .select(['seq', 'type', 'payload'])
      .where('type', 'in', types)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      // PostgreSQL's jsonb may arrive parsed or as text, depending on the pool's type parsers.
      const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>;
      const renamed = renameKeys(payload, renamesOf(row.type));
      if (renamed)
        await typed
          .updateTable('events')
          .set({ payload: JSON.stringify(renamed) })
          .where('seq', '=', row.seq)
          .execute();
    }
    if (rows.length < PAGE) return;
    after = Number(rows[rows.length - 1]!.seq);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, (type) => RENAMED_KEYS[type] ?? {});
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, (type) => Object.fromEntries(Object.entries(RENAMED_KEYS[type] ?? {}).map(([from, to]) => [to, from])));
}
