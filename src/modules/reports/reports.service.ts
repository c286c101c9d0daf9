/**
 * Reports (DESIGN.md §12 "Reports", docs/reports.md): each kind's figures per group over a period,
 * from the per-chat facts and the message index (report-queries.ts). Durations (first response,
 * resolution) are measured in business time when the organization has business hours, with the
 * calendar as it is now; percentiles by nearest rank (percentiles.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import { fromJson } from '../../lib/json.js';
import { businessCalendarOf, type BusinessCalendar, type BusinessSettings, businessMillisBetween } from '../business-hours/index.js';
import { MESSAGE_SOURCES } from '../messages/index.js';
import { durationFigures } from './percentiles.js';
import { localDays, parseReportQuery, type RawReportQuery, type ReportQuery } from './report-period.js';
import { Groups } from './report-groups.js';
import { ReportQueries } from './report-queries.js';
import type { Report } from './report-types.js';

export interface ReportsDeps {
  db: Kysely<DB>;
  clock: Clock;
}

const capitalized = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const SOURCE_COLUMNS = MESSAGE_SOURCES.map((s) => `outbound${capitalized(s)}`);

export const REPORT_COLUMNS = {
  conversations: ['opened', 'closed', 'reopened', 'slaFirstResponseBreached', 'slaResolutionBreached'],
  'first-response': ['count', 'medianMs', 'p90Ms'],
  resolution: ['count', 'medianMs', 'p90Ms'],
  messages: ['inbound', 'outbound', ...SOURCE_COLUMNS],
  agents: ['chats', 'closed', 'firstResponseMedianMs', 'resolutionMedianMs', 'messages'],
  campaigns: ['messages', 'delivered', 'read', 'failed'],
  satisfaction: ['rated', 'average', 'csatPercent', 'rating1', 'rating2', 'rating3', 'rating4', 'rating5'],
} as const;

type Spans = { k: string | null; start: string; end: string }[];

/** The conversations report's columns and the chat instant each counts chats at. */
const CONVERSATION_INSTANTS = [
  ['opened', 'created_at'],
  ['closed', 'closed_at'],
  ['reopened', 'reopened_at'],
  // SLA breaches, counted when they happened (sla/).
  ['slaFirstResponseBreached', 'sla_first_response_breached_at'],
  ['slaResolutionBreached', 'sla_resolution_breached_at'],
] as const;

const HOUR_MS = 3_600_000;

export class ReportsService {
  private readonly queries: ReportQueries;

  constructor(private readonly deps: ReportsDeps) {
    this.queries = new ReportQueries(deps.db);
  }

  async report(organizationId: string, kind: string, raw: RawReportQuery): Promise<Report> {
    const calendar = await this.calendarOf(organizationId);
    const parsed = parseReportQuery(kind, raw, this.deps.clock.now(), calendar.timeZone);
    // The agents report is per agent whatever groupBy says.
    const q: ReportQuery = parsed.kind === 'agents' ? { ...parsed, groupBy: 'agent' } : parsed;
    await this.assertFilters(organizationId, q);
    const columns = [...REPORT_COLUMNS[q.kind]];
    const groups = new Groups(q, columns);
    await this.fill(organizationId, q, groups, calendar);
    const { kind: k, from, to, groupBy, timeZone } = q;
    return { kind: k, from, to, groupBy, timeZone, businessTime: calendar.hours !== null, columns, rows: groups.result(), total: groups.total };
  }

  private async fill(organizationId: string, q: ReportQuery, groups: Groups, calendar: BusinessCalendar): Promise<void> {
    const reads = this.queries;
    switch (q.kind) {
      case 'conversations': {
        if (q.groupBy === 'day' && q.teamId === undefined && q.channelId === undefined) return this.conversationsByHour(organizationId, q, groups);
        for (const [column, instant] of CONVERSATION_INSTANTS) {
          for (const { k, n } of await reads.chatCounts(organizationId, q, instant)) groups.add(k, column, n);
        }
        return;
      }
      case 'first-response':
        return this.durations(groups, await reads.chatSpans(organizationId, q, 'first_customer_message_at', 'first_agent_reply_at', 'first_agent_reply_profile_id'), calendar, {
          count: 'count',
          median: 'medianMs',
          p90: 'p90Ms',
        });
      case 'resolution':
        return this.durations(groups, await reads.chatSpans(organizationId, q, 'opened_at', 'closed_at', 'assignee_profile_id'), calendar, {
          count: 'count',
          median: 'medianMs',
          p90: 'p90Ms',
        });
      case 'messages': {
        if (q.groupBy === 'day') {
          for (const { day, sums } of await this.perDay(q, (from, to) => reads.messageTotals(organizationId, q, from, to))) {
            groups.addTo(day, 'inbound', sums.inbound!);
            groups.addTo(day, 'outbound', sums.outbound!);
            for (const source of MESSAGE_SOURCES) groups.addTo(day, `outbound${capitalized(source)}`, sums[source]!);
          }
          return;
        }
        for (const { k, direction, source, n } of await reads.messageCounts(organizationId, q)) {
          groups.add(k, direction, n);
          if (direction === 'outbound' && source) groups.add(k, `outbound${capitalized(source)}`, n);
        }
        return;
      }
      case 'agents': {
        // Five independent reads: on PostgreSQL they run side by side on the pool (the report takes
        // the slowest one, not their sum); SQLite's one connection runs them in turn as before.
        const [opened, closed, sent, replies, resolved] = await Promise.all([
          reads.chatCounts(organizationId, q, 'created_at'),
          reads.chatCounts(organizationId, q, 'closed_at'),
          reads.memberIds(organizationId).then((ids) => reads.sentBy(organizationId, q, ids)),
          reads.chatSpans(organizationId, q, 'first_customer_message_at', 'first_agent_reply_at', 'first_agent_reply_profile_id'),
          reads.chatSpans(organizationId, q, 'opened_at', 'closed_at', 'assignee_profile_id'),
        ]);
        for (const { k, n } of opened) groups.add(k, 'chats', n);
        for (const { k, n } of closed) groups.add(k, 'closed', n);
        for (const [profileId, n] of sent) if (n > 0) groups.add(profileId, 'messages', n);
        this.durations(groups, replies, calendar, { median: 'firstResponseMedianMs' });
        this.durations(groups, resolved, calendar, { median: 'resolutionMedianMs' });
        return;
      }
      case 'campaigns': {
        if (q.groupBy === 'day') {
          for (const { day, sums } of await this.perDay(q, (from, to) => reads.messageTotals(organizationId, q, from, to, true))) {
            groups.addTo(day, 'messages', sums.outbound! + sums.inbound!);
            groups.addTo(day, 'delivered', sums.status_delivered! + sums.status_read!);
            groups.addTo(day, 'read', sums.status_read!);
            groups.addTo(day, 'failed', sums.status_failed!);
          }
          return;
        }
        for (const { k, status, n } of await reads.messageCounts(organizationId, q, true)) {
          groups.add(k, 'messages', n);
          if (status === 'delivered' || status === 'read') groups.add(k, 'delivered', n);
          if (status === 'read') groups.add(k, 'read', n);
          if (status === 'failed') groups.add(k, 'failed', n);
        }
        return;
      }
      case 'satisfaction': {
        const sums = new Map<string, number>();
        let sum = 0;
        for (const { k, rating, n } of await reads.ratings(organizationId, q)) {
          groups.add(k, 'rated', n);
          groups.add(k, `rating${rating}`, n);
          const key = groups.keyOf(k);
          sums.set(key, (sums.get(key) ?? 0) + rating * n);
          sum += rating * n;
        }
        for (const key of groups.keys()) {
          const row = groups.figures(key);
          row.average = averageOf(sums.get(key) ?? 0, row.rated ?? 0);
          row.csatPercent = csatOf(row, row.rated ?? 0);
        }
        groups.total.average = averageOf(sum, groups.total.rated ?? 0);
        groups.total.csatPercent = csatOf(groups.total, groups.total.rated ?? 0);
        return;
      }
    }
  }

  /**
   * The conversations report by day without filters: its whole UTC hours from the hourly counts
   * (migration 0046, a row an hour instead of an index entry per chat), the parts of an hour at
   * either end of the period (an instant `from` or `to`) from the chats' report indexes.
   */
  private async conversationsByHour(organizationId: string, q: ReportQuery, groups: Groups): Promise<void> {
    const first = Math.ceil(Date.parse(q.from) / HOUR_MS) * HOUR_MS;
    const last = Math.floor(Date.parse(q.to) / HOUR_MS) * HOUR_MS;
    const iso = (ms: number) => new Date(ms).toISOString();
    const direct = first < last ? [] : [{ from: q.from, to: q.to }];
    if (first < last) {
      if (q.from < iso(first)) direct.push({ from: q.from, to: iso(first) });
      if (iso(last) < q.to) direct.push({ from: iso(last), to: q.to });
      for (const { hour, ...figures } of await this.queries.chatHours(organizationId, iso(first).slice(0, 13), iso(last).slice(0, 13)))
        for (const [column, n] of Object.entries(figures)) if (n !== 0) groups.add(hour, column, n);
    }
    for (const part of direct)
      for (const [column, instant] of CONVERSATION_INSTANTS)
        for (const { k, n } of await this.queries.chatCounts(organizationId, { ...q, ...part }, instant)) groups.add(k, column, n);
  }

  /**
   * One read per local day of the period, four at a time: PostgreSQL answers them side by side on
   * the pool (a 90-day report waits for about a quarter of the sum); SQLite queues them.
   */
  private async perDay<T>(q: ReportQuery, read: (from: string, to: string) => Promise<T>): Promise<{ day: string; sums: T }[]> {
    const days = localDays(q);
    const out: { day: string; sums: T }[] = [];
    for (let i = 0; i < days.length; i += 4) {
      const batch = days.slice(i, i + 4);
      const sums = await Promise.all(batch.map(({ from, to }) => read(from, to)));
      batch.forEach(({ day }, j) => out.push({ day, sums: sums[j]! }));
    }
    return out;
  }

  /** Per group and over all: the count, median and p90 of the spans, in business time when the calendar has hours. */
  private durations(groups: Groups, spans: Spans, calendar: BusinessCalendar, columns: { count?: string; median: string; p90?: string }): void {
    const { hours, holidays, timeZone } = calendar;
    const measure = (s: { start: string; end: string }) =>
      hours ? businessMillisBetween(Date.parse(s.start), Date.parse(s.end), hours, holidays, timeZone) : Math.max(0, Date.parse(s.end) - Date.parse(s.start));
    const byKey = new Map<string, number[]>();
    const all: number[] = [];
    for (const span of spans) {
      const key = groups.keyOf(span.k);
      const ms = measure(span);
      all.push(ms);
      const values = byKey.get(key);
      if (values) values.push(ms);
      else byKey.set(key, [ms]);
    }
    const put = (set: (column: string, value: number | null) => void, values: number[]) => {
      const figures = durationFigures(values);
      if (columns.count) set(columns.count, figures.count);
      set(columns.median, figures.medianMs);
      if (columns.p90) set(columns.p90, figures.p90Ms);
    };
    for (const key of groups.keys()) put((c, v) => groups.set(key, c, v), byKey.get(key) ?? []);
    for (const [key, values] of byKey) put((c, v) => groups.set(key, c, v), values);
    put((c, v) => (groups.total[c] = v), all);
  }

  /** A team or channel filter names one of the organization's (404 like a missing one otherwise). */
  private async assertFilters(organizationId: string, q: ReportQuery): Promise<void> {
    const t = tenantQueries(this.deps.db, organizationId);
    if (q.teamId && !(await t.selectFrom('teams').select('id').where('id', '=', q.teamId).executeTakeFirst()))
      throw new AppError('TEAM_NOT_FOUND', 'Team not found');
    if (q.channelId && !(await t.selectFrom('channels').select('id').where('id', '=', q.channelId).executeTakeFirst()))
      throw new AppError('CHANNEL_NOT_FOUND', 'Channel not found');
  }

  private async calendarOf(organizationId: string): Promise<BusinessCalendar> {
    const org = await this.deps.db.selectFrom('organizations').select('settings').where('id', '=', organizationId).executeTakeFirst();
    return businessCalendarOf(fromJson<BusinessSettings>(org?.settings, {}));
  }
}

function averageOf(sum: number, count: number): number | null {
  return count === 0 ? null : Math.round((sum / count) * 100) / 100;
}

/** The share of ratings 4 and 5, in percent with one decimal. */
function csatOf(row: Record<string, number | null>, rated: number): number | null {
  if (rated === 0) return null;
  return Math.round((((row.rating4 ?? 0) + (row.rating5 ?? 0)) / rated) * 1000) / 10;
}
