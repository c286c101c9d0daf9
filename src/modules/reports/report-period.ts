/**
 * What a report asks (docs/reports.md "Query"): its period, grouping and filters, read from the query
 * string and checked (400 VALIDATION_ERROR naming each bad value). `from` and `to` are instants
 * (ISO 8601 with a zone) or local dates (`YYYY-MM-DD`, midnight in the organization's time zone);
 * the period is [from, to), at most 366 days; without them, the 30 days before now.
 */
import { validationError, type ErrorDetail } from '../../errors.js';
import { offsetAt } from '../business-hours/index.js';

export const REPORT_KINDS = ['conversations', 'first-response', 'resolution', 'messages', 'agents', 'campaigns', 'satisfaction'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const GROUP_BYS = ['day', 'agent', 'team', 'channel'] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

const DAY_MS = 86_400_000;
const MAX_DAYS = 366;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export interface ReportQuery {
  kind: ReportKind;
  from: string;
  to: string;
  groupBy: GroupBy;
  teamId?: string;
  channelId?: string;
  timeZone: string;
}

export interface RawReportQuery {
  from?: string;
  to?: string;
  groupBy?: string;
  teamId?: string;
  channelId?: string;
}

/**
 * The first instant of a `YYYY-MM-DD` in the zone (its local midnight), as epoch milliseconds: of
 * midnight read with the offset of the day before and of the day after, the earlier one that falls on
 * the date. Where the clocks jump over midnight (00:00 → 01:00: Santiago, Havana, Beirut, São Paulo
 * until 2019) the day starts at the jump; a midnight read with the new offset alone would fall on the
 * day before, and `localDays` would never get past that day.
 */
function localMidnight(date: string, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  const before = wall - offsetAt(wall - DAY_MS, timeZone);
  const after = wall - offsetAt(wall + DAY_MS, timeZone);
  const onDate = [before, after].filter((ms) => localDateOf(ms, timeZone) === date);
  return Math.min(...onDate);
}

function instantOf(value: string, field: string, timeZone: string, errors: ErrorDetail[]): number | undefined {
  const ms = DATE_ONLY.test(value) ? localMidnight(value, timeZone) : INSTANT.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(ms) || (DATE_ONLY.test(value) && new Date(Date.parse(`${value}T00:00:00Z`)).toISOString().slice(0, 10) !== value)) {
    errors.push({ field, message: `"${value}" is not a date (YYYY-MM-DD) or an instant (ISO 8601 with a zone)` });
    return undefined;
  }
  return ms;
}

export function parseReportQuery(kind: string, raw: RawReportQuery, now: Date, timeZone: string): ReportQuery {
  const errors: ErrorDetail[] = [];
  if (!(REPORT_KINDS as readonly string[]).includes(kind))
    errors.push({ field: 'kind', message: `must be one of ${REPORT_KINDS.join(', ')}` });
  const groupBy = raw.groupBy ?? 'day';
  if (!(GROUP_BYS as readonly string[]).includes(groupBy))
    errors.push({ field: 'groupBy', message: `must be one of ${GROUP_BYS.join(', ')}` });
  const to = raw.to === undefined ? now.getTime() : instantOf(raw.to, 'to', timeZone, errors);
  const from = raw.from === undefined ? (to ?? now.getTime()) - 30 * DAY_MS : instantOf(raw.from, 'from', timeZone, errors);
  if (from !== undefined && to !== undefined) {
    if (from >= to) errors.push({ field: 'from', message: 'must be before to' });
    else if (to - from > MAX_DAYS * DAY_MS) errors.push({ field: 'to', message: `the period is at most ${MAX_DAYS} days` });
  }
  if (errors.length > 0) throw validationError(errors);
  return {
    kind: kind as ReportKind,
    from: new Date(from!).toISOString(),
    to: new Date(to!).toISOString(),
    groupBy: groupBy as GroupBy,
    ...(raw.teamId ? { teamId: raw.teamId } : {}),
    ...(raw.channelId ? { channelId: raw.channelId } : {}),
    timeZone,
  };
}

/** The local date (`YYYY-MM-DD`) of an instant in the zone. */
export function localDateOf(ms: number, timeZone: string): string {
  return new Date(ms + offsetAt(ms, timeZone)).toISOString().slice(0, 10);
}

/** The period cut at the local midnights of the zone: one `[from, to)` per local day, with its date. */
export function localDays(q: Pick<ReportQuery, 'from' | 'to' | 'timeZone'>): { day: string; from: string; to: string }[] {
  const days: { day: string; from: string; to: string }[] = [];
  const end = Date.parse(q.to);
  let start = Date.parse(q.from);
  while (start < end) {
    const day = localDateOf(start, q.timeZone);
    const next = Math.min(end, localMidnight(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10), q.timeZone));
    days.push({ day, from: new Date(start).toISOString(), to: new Date(next).toISOString() });
    start = next;
  }
  return days;
}
