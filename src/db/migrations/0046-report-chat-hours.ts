/**
 * The conversations report by day (docs/reports.md "Speed") counted chats per instant from the
 * report indexes of 0035: one index entry per chat of the period, 510,000 for 90 days of the capacity
 * dataset (300,000 chats): 120 ms on SQLite, 296 ms on PostgreSQL, against 50 and 100 ms targets.
 * `report_chat_hours` holds, per organization and UTC hour (`YYYY-MM-DDTHH`, the key the report
 * groups by), how many chats were opened, closed, reopened and breached each SLA then; a 90-day
 * report reads about 2,160 of its rows instead.
 *
 * Kept by triggers on `chats`, as the search indexes are (0037): every path that creates, closes,
 * reopens, breaches or deletes a chat (cascades from a customer's erasure included) keeps it exact
 * without knowing of it. A trigger only appends rows of +1/−1 (a changed instant takes its chat's
 * old instants out and puts the new ones in): no row is shared by concurrent writers, so chats
 * created at once on PostgreSQL never queue on a counter row. Reads sum the rows of each hour; the
 * report folds an hour's rows into one when they pile up (report-queries.ts `compactChatHours`).
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/** The report's columns, each with the chat instant it counts (reports.service.ts "conversations"). */
const FIGURES = [
  ['opened', 'created_at'],
  ['closed', 'closed_at'],
  ['reopened', 'reopened_at'],
  ['sla_first_response_breached', 'sla_first_response_breached_at'],
  ['sla_resolution_breached', 'sla_resolution_breached_at'],
] as const;

const COLUMNS = FIGURES.map(([figure]) => figure).join(', ');

/** `YYYY-MM-DDTHH` of a timestamp, in UTC: the same key as the report's `utcHour`. */
const hourOf = (postgres: boolean, at: string) =>
  postgres ? `to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')` : `substr(${at}, 1, 13)`;

/**
 * The insert of one chat's counts (`row` is `new` or `old`), `sign` 1 or −1: a row per hour that
 * holds one of its instants (a chat opened and closed within the hour is one row).
 */
function chatCounts(postgres: boolean, row: string, sign: 1 | -1): string {
  const instants = FIGURES.map(
    ([, instant], i) => `select ${row}.${instant} as at, ${FIGURES.map((_, j) => `${i === j ? sign : 0} as f${j}`).join(', ')}`,
  ).join(' union all ');
  const sums = FIGURES.map((_, j) => `sum(f${j})`).join(', ');
  return `insert into report_chat_hours (organization_id, hour, ${COLUMNS})
    select ${row}.organization_id, ${hourOf(postgres, 'at')}, ${sums} from (${instants}) as instants
    where at is not null group by ${hourOf(postgres, 'at')}`;
}

/** Whether an update changed what the chat counts for. */
const changed = (postgres: boolean) =>
  FIGURES.map(([, instant]) => `old.${instant} is ${postgres ? 'distinct from' : 'not'} new.${instant}`).join(' or ');

function backfill(postgres: boolean): string {
  const instants = FIGURES.map(
    ([, instant], i) =>
      `select organization_id, ${hourOf(postgres, instant)} as hour, ${FIGURES.map((_, j) => `${i === j ? 1 : 0} as f${j}`).join(', ')}
       from chats where ${instant} is not null`,
  ).join(' union all ');
  const sums = FIGURES.map((_, j) => `sum(f${j})`).join(', ');
  return `insert into report_chat_hours (organization_id, hour, ${COLUMNS})
    select organization_id, hour, ${sums} from (${instants}) as instants group by organization_id, hour`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = columnTypes(db).postgres;
  // No key: rows are appended (several per hour until folded). SQLite's rowid orders them for the fold.
  await sql
    .raw(
      `create table report_chat_hours (organization_id text not null, hour text not null, ${FIGURES.map(
        ([figure]) => `${figure} integer not null default 0`,
      ).join(', ')})`,
    )
    .execute(db);
  await sql`create index report_chat_hours_org_hour_idx on report_chat_hours (organization_id, hour)`.execute(db);
  await sql.raw(backfill(postgres)).execute(db);
  if (postgres) {
    await sql
      .raw(
        `create function report_chat_hours_on_chat() returns trigger language plpgsql as $$
         begin
           if tg_op = 'UPDATE' then
             if not (${changed(true)}) then return null; end if;
           end if;
           if tg_op in ('UPDATE', 'DELETE') then ${chatCounts(true, 'old', -1)}; end if;
           if tg_op in ('INSERT', 'UPDATE') then ${chatCounts(true, 'new', 1)}; end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql`create trigger report_chat_hours_chat after insert or update or delete on chats
      for each row execute function report_chat_hours_on_chat()`.execute(db);
    return;
  }
  const instants = FIGURES.map(([, instant]) => instant).join(', ');
  for (const statement of [
    `create trigger report_chat_hours_ai after insert on chats begin ${chatCounts(false, 'new', 1)}; end`,
    `create trigger report_chat_hours_au after update of ${instants} on chats when ${changed(false)} begin
       ${chatCounts(false, 'old', -1)}; ${chatCounts(false, 'new', 1)}; end`,
    `create trigger report_chat_hours_ad after delete on chats begin ${chatCounts(false, 'old', -1)}; end`,
  ])
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`drop trigger report_chat_hours_chat on chats`.execute(db);
    await sql`drop function report_chat_hours_on_chat`.execute(db);
  } else {
    for (const trigger of ['report_chat_hours_ai', 'report_chat_hours_au', 'report_chat_hours_ad'])
      await sql.raw(`drop trigger ${trigger}`).execute(db);
  }
  await sql`drop table report_chat_hours`.execute(db);
}
