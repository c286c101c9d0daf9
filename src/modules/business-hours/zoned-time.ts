/**
 * Wall-clock time in an IANA zone, from the platform's Intl (the full ICU time-zone data ships with
 * Node 20): the zone's UTC offset at an instant, and whether a name is a zone at all. Pure.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `name` is a time zone the platform knows (an IANA name such as America/Sao_Paulo, or UTC). */
export function isTimeZone(name: string): boolean {
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * Offsets per zone and quarter hour of UTC: a quarter hour whose first and last millisecond have the
 * same offset has it throughout (no zone changes its offset twice within 15 minutes), so one lookup
 * serves the whole quarter; a quarter holding a change (NaN here) asks ICU each time. It makes a
 * report's business-time measure of 100k chats (two offsets per local day crossed) cost a map read
 * instead of an ICU format. Bounded per zone.
 */
const QUARTER_HOUR_MS = 900_000;
const CACHED_QUARTERS_PER_ZONE = 200_000;
const offsetCache = new Map<string, Map<number, number>>();

/** The zone's offset from UTC at instant `ms`, in milliseconds (São Paulo: −3 h). */
export function offsetAt(ms: number, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) offsetCache.set(timeZone, (zone = new Map()));
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    if (zone.size >= CACHED_QUARTERS_PER_ZONE) zone.clear();
    const first = offsetFromIntl(quarter * QUARTER_HOUR_MS, timeZone);
    offset = first === offsetFromIntl((quarter + 1) * QUARTER_HOUR_MS - 1, timeZone) ? first : NaN;
    zone.set(quarter, offset);
  }
  return Number.isNaN(offset) ? offsetFromIntl(ms, timeZone) : offset;
}

function offsetFromIntl(ms: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}
