/**
 * Business time (DESIGN.md §10 "Business hours"; §12 counts SLAs and first responses in it): whether
 * an instant is within an organization's weekly hours, and how much business time lies between two
 * instants. Pure: the hours, the holidays and the zone are arguments; no clock, no database.
 *
 * The rule, for an instant t with local (wall-clock) date D and time T in the zone:
 *   t is business time iff D is not a holiday, and T falls in an interval of D's weekday
 *   (`start` ≤ T < `end`), or T ≥ `start` of an interval of D's weekday that crosses midnight
 *   (`start` > `end`), or T < `end` of such an interval of the day before.
 * So an interval crossing midnight is split at midnight, and each part belongs to its own local
 * date: a holiday silences the part that falls on it. Wall-clock intervals meet DST as a clock on
 * the wall does: on a spring-forward day 01:00–03:00 lasts one hour, on a fall-back day two hours
 * of 00:00–03:00 repeat one (four hours). `businessMillisBetween` is the measure of that set of
 * instants, so it agrees with `isWithinBusinessHours` instant by instant.
 */
import { offsetAt } from './zoned-time.js';

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Wall-clock `HH:MM` (`end` may be `24:00`); `start` > `end` crosses midnight into the next day. */
export interface BusinessInterval {
  start: string;
  end: string;
}

/** Per weekday, its intervals; a weekday left out (or empty) is closed. */
export type BusinessHours = Partial<Record<Weekday, readonly BusinessInterval[]>>;

/** Holidays: local dates (`YYYY-MM-DD`), or a test of one. */
export type Holidays = Iterable<string> | ((localDate: string) => boolean);

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

function minutes(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}

function holidayTest(holidays: Holidays): (localDate: string) => boolean {
  if (typeof holidays === 'function') return holidays;
  const set = holidays instanceof Set ? (holidays as Set<string>) : new Set(holidays);
  return (date) => set.has(date);
}

/**
 * Per weekday (0 = Sunday), its business ranges as [from, to) milliseconds after local midnight: its
 * own intervals plus the after-midnight part of the day before's. Computed once per `hours` object, so
 * measuring 100k spans (a report) parses no `HH:MM` and merges nothing.
 */
const weeklyRanges = new WeakMap<BusinessHours, [number, number][][]>();

function weekOf(hours: BusinessHours): [number, number][][] {
  let week = weeklyRanges.get(hours);
  if (!week) {
    week = WEEKDAYS.map((weekday, i) => {
      const ranges: [number, number][] = [];
      for (const { start, end } of hours[weekday] ?? []) {
        const s = minutes(start) * MINUTE_MS;
        const e = minutes(end) * MINUTE_MS;
        if (s < e) ranges.push([s, e]);
        else if (s > e) ranges.push([s, DAY_MS]);
      }
      for (const { start, end } of hours[WEEKDAYS[(i + 6) % 7]!] ?? []) {
        const s = minutes(start) * MINUTE_MS;
        const e = minutes(end) * MINUTE_MS;
        if (s > e && e > 0) ranges.push([0, e]);
      }
      return merged(ranges);
    });
    weeklyRanges.set(hours, week);
  }
  return week;
}

/** Business ranges of one local date, as [from, to) milliseconds after its local midnight. */
function rangesOf(dayStart: number, hours: BusinessHours, isHoliday: (d: string) => boolean): readonly [number, number][] {
  const day = new Date(dayStart);
  if (isHoliday(day.toISOString().slice(0, 10))) return [];
  return weekOf(hours)[day.getUTCDay()]!;
}

/** Overlapping or touching ranges as one, in order: an instant inside two intervals counts once. */
function merged(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [from, to] of ranges.sort((x, y) => x[0] - y[0])) {
    const last = out[out.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** The local date's midnight as a "local epoch" (UTC fields = wall-clock fields), and the time into it. */
function localDay(ms: number, timeZone: string): { dayStart: number; local: number; offset: number } {
  const offset = offsetAt(ms, timeZone);
  const local = ms + offset;
  return { dayStart: Math.floor(local / DAY_MS) * DAY_MS, local, offset };
}

export function isWithinBusinessHours(at: Date | number, hours: BusinessHours, holidays: Holidays, timeZone: string): boolean {
  const ms = typeof at === 'number' ? at : at.getTime();
  const { dayStart, local } = localDay(ms, timeZone);
  const into = local - dayStart;
  return rangesOf(dayStart, hours, holidayTest(holidays)).some(([from, to]) => from <= into && into < to);
}

/** The first instant in (lo, hi] whose offset differs from `offset` (there is one: the offset at hi differs). */
function nextTransition(lo: number, hi: number, offset: number, timeZone: string): number {
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(mid, timeZone) === offset) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * Business time in [from, to), in milliseconds (0 when `to` ≤ `from`). Walks the range in spans
 * that lie in one local date with one UTC offset, so a DST change or midnight is never inside a span.
 */
export function businessMillisBetween(
  from: Date | number,
  to: Date | number,
  hours: BusinessHours,
  holidays: Holidays,
  timeZone: string,
): number {
  const end = typeof to === 'number' ? to : to.getTime();
  const isHoliday = holidayTest(holidays);
  let t = typeof from === 'number' ? from : from.getTime();
  let total = 0;
  while (t < end) {
    const { dayStart, local, offset } = localDay(t, timeZone);
    let spanEnd = Math.min(end, dayStart + DAY_MS - offset);
    if (offsetAt(spanEnd - 1, timeZone) !== offset) spanEnd = nextTransition(t, spanEnd - 1, offset, timeZone);
    const a = local - dayStart;
    const b = spanEnd + offset - dayStart;
    for (const [from_, to_] of rangesOf(dayStart, hours, isHoliday)) total += Math.max(0, Math.min(b, to_) - Math.max(a, from_));
    t = spanEnd;
  }
  return total;
}

/**
 * The instant at which `ms` of business time have passed since `from` (a deadline in business time);
 * undefined when the hours hold no business time at all. Found by halving on
 * `businessMillisBetween`, which only grows with its end, so the rules of the two cannot differ.
 */
export function addBusinessMillis(
  from: number,
  ms: number,
  hours: BusinessHours,
  holidays: Holidays,
  timeZone: string,
): number | undefined {
  if (ms <= 0) return from;
  const passed = (to: number) => businessMillisBetween(from, to, hours, holidays, timeZone);
  let hi = from + ms;
  for (let doublings = 0; passed(hi) < ms; doublings++) {
    // A year without enough business time: the hours hold none (every weekday empty or a holiday).
    if (doublings > 12 || hi - from > 400 * DAY_MS) return undefined;
    hi = from + (hi - from) * 2 + DAY_MS;
  }
  let lo = from;
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2);
    if (passed(mid) >= ms) hi = mid;
    else lo = mid;
  }
  // Inside business hours time passes one for one: the exact instant, unless the last second crosses an opening.
  const exact = lo + (ms - passed(lo));
  return passed(exact) >= ms ? exact : hi;
}
