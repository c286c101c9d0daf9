/**
 * The reads behind the reports (docs/reports.md): each one range-reads one index of the period
 * (migration 0035) and groups in the database, so a report over a long period moves a few thousand
 * rows at most, never the messages themselves. Grouping by day groups by the UTC hour here; the
 * service folds hours into the organization's local days (an hour lies in one local day for every
 * zone with whole-hour offsets; a half-hour zone counts each hour on the day it starts in).
 * Durations come back per chat (one row per chat of the period) for percentiles.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { MESSAGE_SOURCES } from '../messages/index.js';
import type { ReportQuery } from './report-period.js';

const MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed'] as const;

type ChatInstant =
  | 'created_at'
  | 'closed_at'
  | 'reopened_at'
  | 'first_agent_reply_at'
  | 'rated_at'
  | 'sla_first_response_breached_at'
  | 'sla_resolution_breached_at';
type ChatAgent = 'assignee_profile_id' | 'first_agent_reply_profile_id';

/** `YYYY-MM-DDTHH` of a timestamp column, in UTC, on either database. */
function utcHour(column: string, postgres: boolean): RawBuilder<string> {
  return postgres ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')` : sql<string>`substr(${sql.ref(column)}, 1, 13)`;
}

/** The group key's expression for a chat-based figure counted at `instant`. */
function chatKey(q: ReportQuery, instant: ChatInstant, agent: ChatAgent, postgres: boolean): RawBuilder<string | null> {
  switch (q.groupBy) {
    case 'day':
      return utcHour(`chats.${instant}`, postgres);
    case 'agent':
      return sql.ref<string | null>(`chats.${agent}`);
    case 'team':
      return sql.ref<string | null>('chats.team_id');
    case 'channel':
      return sql.ref<string | null>('chats.channel_id');
  }
}

export interface KeyCount {
  k: string | null;
  n: number;
}

/** The conversations report's columns as `report_chat_hours` (migration 0046) holds them. */
export const CHAT_HOUR_FIGURES = {
  opened: 'opened',
  closed: 'closed',
  reopened: 'reopened',
  slaFirstResponseBreached: 'sla_first_response_breached',
  slaResolutionBreached: 'sla_resolution_breached',
} as const;
type ChatHourColumn = (typeof CHAT_HOUR_FIGURES)[keyof typeof CHAT_HOUR_FIGURES];

/** An hour's figures, by report column. */
export type ChatHourCounts = { hour: string } & Record<keyof typeof CHAT_HOUR_FIGURES, number>;

/**
 * When an hour's rows are folded into one: the triggers append a row per chat event, so hours that
 * took many events read many rows until the report folds them (one read pays for the fold, the
 * following ones read one row an hour).
 */
const FOLD_WHEN_ROWS_PER_HOUR = 2;
const FOLD_AT_LEAST = 100;

export class ReportQueries {
  constructor(private readonly db: Kysely<DB>) {}

  /** Chats whose `instant` falls in the period, counted per key. */
  async chatCounts(organizationId: string, q: ReportQuery, instant: ChatInstant, agent: ChatAgent = 'assignee_profile_id'): Promise<KeyCount[]> {
    const t = tenantQueries(this.db, organizationId);
    const rows = await this.chatsIn(organizationId, q, instant)
      .select((eb) => [chatKey(q, instant, agent, t.postgres).as('k'), eb.fn.countAll<number>().as('n')])
      .groupBy('k')
      .execute();
    return rows.map((r) => ({ k: r.k, n: Number(r.n) }));
  }

  /** Per chat whose `end` falls in the period: when its span started and ended, and its key. */
  async chatSpans(
    organizationId: string,
    q: ReportQuery,
    start: 'first_customer_message_at' | 'opened_at',
    end: 'first_agent_reply_at' | 'closed_at',
    agent: ChatAgent,
  ): Promise<{ k: string | null; start: string; end: string }[]> {
    const t = tenantQueries(this.db, organizationId);
    const startExpr =
      start === 'opened_at' ? sql<string>`coalesce(chats.first_customer_message_at, chats.created_at)` : sql<string>`chats.first_customer_message_at`;
    const rows = await this.chatsIn(organizationId, q, end)
      .where(startExpr, 'is not', null)
      .select([chatKey(q, end, agent, t.postgres).as('k'), startExpr.as('start'), sql.ref<string>(`chats.${end}`).as('end')])
      .execute();
    return rows as { k: string | null; start: string; end: string }[];
  }

  /**
   * The conversations report's counts per UTC hour of the whole hours [fromHour, toHour) (keys
   * `YYYY-MM-DDTHH`) from `report_chat_hours` (migration 0046): a range read of about one row an
   * hour, summed; the hours' rows are folded into one each when they have piled up.
   */
  async chatHours(organizationId: string, fromHour: string, toHour: string): Promise<ChatHourCounts[]> {
    const rows = await tenantQueries(this.db, organizationId)
      .selectFrom('report_chat_hours')
      .where('report_chat_hours.hour', '>=', fromHour)
      .where('report_chat_hours.hour', '<', toHour)
      .select((eb) => [
        'report_chat_hours.hour',
        eb.fn.countAll<number>().as('pieces'),
        ...Object.entries(CHAT_HOUR_FIGURES).map(([figure, column]) => eb.fn.sum<number>(`report_chat_hours.${column}`).as(figure)),
      ])
      .groupBy('report_chat_hours.hour')
      .execute();
    const pieces = rows.reduce((sum, row) => sum + Number(row.pieces), 0);
    if (pieces > rows.length * FOLD_WHEN_ROWS_PER_HOUR + FOLD_AT_LEAST) await this.foldChatHours(organizationId, fromHour, toHour);
    return rows.map((row) => ({
      hour: row.hour,
      ...(Object.fromEntries(Object.keys(CHAT_HOUR_FIGURES).map((figure) => [figure, Number(row[figure as keyof typeof row])])) as Record<
        keyof typeof CHAT_HOUR_FIGURES,
        number
      >),
    }));
  }

  /**
   * Folds each hour's rows of [fromHour, toHour) into one row holding their sums (hours that sum to
   * nothing are left out). Rows appended meanwhile by a trigger stay as they are: PostgreSQL deletes
   * and inserts in one statement over one snapshot, SQLite in one transaction of its one writer.
   */
  async foldChatHours(organizationId: string, fromHour: string, toHour: string): Promise<void> {
    const columns = Object.values(CHAT_HOUR_FIGURES) as ChatHourColumn[];
    const list = sql.join(columns.map((c) => sql.ref(c)));
    const sums = sql.join(columns.map((c) => sql`sum(${sql.ref(c)})`));
    const nonZero = sql.join(
      columns.map((c) => sql`sum(${sql.ref(c)}) <> 0`),
      sql` or `,
    );
    if (tenantQueries(this.db, organizationId).postgres) {
      await sql`with folded as (
          delete from report_chat_hours where organization_id = ${organizationId} and hour >= ${fromHour} and hour < ${toHour}
          returning *)
        insert into report_chat_hours (organization_id, hour, ${list})
        select organization_id, hour, ${sums} from folded group by organization_id, hour having ${nonZero}`.execute(this.db);
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ last: number | null }>`select max(rowid) as last from report_chat_hours`.execute(trx);
      const last = rows[0]?.last ?? 0;
      await sql`insert into report_chat_hours (organization_id, hour, ${list})
        select organization_id, hour, ${sums} from report_chat_hours
        where organization_id = ${organizationId} and hour >= ${fromHour} and hour < ${toHour} and rowid <= ${last}
        group by organization_id, hour having ${nonZero}`.execute(trx);
      await sql`delete from report_chat_hours
        where organization_id = ${organizationId} and hour >= ${fromHour} and hour < ${toHour} and rowid <= ${last}`.execute(trx);
    });
  }

  /** Ratings given in the period, counted per key and rating. */
  async ratings(organizationId: string, q: ReportQuery): Promise<(KeyCount & { rating: number })[]> {
    const t = tenantQueries(this.db, organizationId);
    const rows = await this.chatsIn(organizationId, q, 'rated_at')
      .where('chats.rating', 'is not', null)
      .select((eb) => [chatKey(q, 'rated_at', 'assignee_profile_id', t.postgres).as('k'), 'chats.rating', eb.fn.countAll<number>().as('n')])
      .groupBy(['k', 'chats.rating'])
      .execute();
    return rows.map((r) => ({ k: r.k, rating: Number(r.rating), n: Number(r.n) }));
  }

  /** Messages of the period, counted per key, direction, source and status (`campaignOnly`: source 'campaign'). */
  async messageCounts(
    organizationId: string,
    q: ReportQuery,
    campaignOnly = false,
  ): Promise<{ k: string | null; direction: string; source: string | null; status: string; n: number }[]> {
    const t = tenantQueries(this.db, organizationId);
    const viaChats = q.groupBy === 'team' || q.teamId !== undefined;
    let query = t
      .selectFrom('messages')
      .where('messages.created_at', '>=', q.from)
      .where('messages.created_at', '<', q.to)
      .$if(campaignOnly, (qb) => qb.where('messages.source', '=', 'campaign'))
      .$if(q.channelId !== undefined, (qb) => qb.where('messages.channel_id', '=', q.channelId!));
    if (viaChats) {
      query = query
        .innerJoin('chats', 'chats.id', 'messages.chat_id')
        .$if(q.teamId !== undefined, (qb) => qb.where('chats.team_id', '=', q.teamId!)) as unknown as typeof query;
    }
    const key: RawBuilder<string | null> =
      q.groupBy === 'day'
        ? utcHour('messages.created_at', t.postgres)
        : q.groupBy === 'agent'
          ? sql.ref('messages.sender_profile_id')
          : q.groupBy === 'team'
            ? sql.ref('chats.team_id')
            : sql.ref('messages.channel_id');
    const rows = await query
      .select((eb) => [
        key.as('k'),
        'messages.direction',
        'messages.source',
        'messages.status',
        eb.fn.countAll<number>().as('n'),
      ])
      .groupBy(['k', 'messages.direction', 'messages.source', 'messages.status'])
      .execute();
    return rows.map((r) => ({ k: r.k, direction: r.direction, source: r.source, status: r.status, n: Number(r.n) }));
  }

  /**
   * Messages of [from, to) in one row of conditional sums: no GROUP BY, so the database walks the
   * covering index once and sorts nothing (a day's report asks once per local day).
   */
  async messageTotals(organizationId: string, q: ReportQuery, from: string, to: string, campaignOnly = false) {
    const t = tenantQueries(this.db, organizationId);
    const count = (condition: RawBuilder<unknown>) => sql<number>`sum(case when ${condition} then 1 else 0 end)`;
    let query = t
      .selectFrom('messages')
      .where('messages.created_at', '>=', from)
      .where('messages.created_at', '<', to)
      .$if(campaignOnly, (qb) => qb.where('messages.source', '=', 'campaign'))
      .$if(q.channelId !== undefined, (qb) => qb.where('messages.channel_id', '=', q.channelId!));
    if (q.teamId !== undefined) {
      query = query.innerJoin('chats', 'chats.id', 'messages.chat_id').where('chats.team_id', '=', q.teamId) as unknown as typeof query;
    }
    const row = await query
      .select([
        count(sql`messages.direction = 'inbound'`).as('inbound'),
        count(sql`messages.direction = 'outbound'`).as('outbound'),
        ...MESSAGE_SOURCES.map((source) => count(sql`messages.source = ${sql.lit(source)} and messages.direction = 'outbound'`).as(source)),
        ...MESSAGE_STATUSES.map((status) => count(sql`messages.status = ${sql.lit(status)}`).as(`status_${status}`)),
      ])
      .executeTakeFirst();
    return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v ?? 0)])) as Record<string, number>;
  }

  /**
   * Outbound messages of the period per sender, for the given senders, in one row of conditional
   * sums (one walk of the covering index, no sort): the agents report names its agents.
   */
  async sentBy(organizationId: string, q: ReportQuery, profileIds: readonly string[]): Promise<Map<string, number>> {
    if (profileIds.length === 0) return new Map();
    const t = tenantQueries(this.db, organizationId);
    let query = t
      .selectFrom('messages')
      .where('messages.created_at', '>=', q.from)
      .where('messages.created_at', '<', q.to)
      .where('messages.direction', '=', 'outbound')
      .$if(q.channelId !== undefined, (qb) => qb.where('messages.channel_id', '=', q.channelId!));
    if (q.teamId !== undefined) {
      query = query.innerJoin('chats', 'chats.id', 'messages.chat_id').where('chats.team_id', '=', q.teamId) as unknown as typeof query;
    }
    const row = (await query
      .select(profileIds.map((id, i) => sql<number>`sum(case when messages.sender_profile_id = ${id} then 1 else 0 end)`.as(`p${i}`)))
      .executeTakeFirst()) as Record<string, unknown> | undefined;
    return new Map(profileIds.map((id, i) => [id, Number(row?.[`p${i}`] ?? 0)]));
  }

  /** The organization's members' profiles (the agents report's rows). */
  async memberIds(organizationId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('memberships').select('profile_id').where('organization_id', '=', organizationId).execute();
    return rows.map((r) => r.profile_id);
  }

  /** The organization's chats whose `instant` falls in the period, with the report's filters. */
  private chatsIn(organizationId: string, q: ReportQuery, instant: ChatInstant) {
    return tenantQueries(this.db, organizationId)
      .selectFrom('chats')
      .where(`chats.${instant}`, '>=', q.from)
      .where(`chats.${instant}`, '<', q.to)
      .$if(q.teamId !== undefined, (qb) => qb.where('chats.team_id', '=', q.teamId!))
      .$if(q.channelId !== undefined, (qb) => qb.where('chats.channel_id', '=', q.channelId!));
  }
}
