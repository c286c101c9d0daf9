/**
 * Quiet hours (DESIGN.md §10): the organization's `settings.quietHours` `{ start, end }`, wall-clock
 * in its `settings.timezone` (business-hours/ reads both the same way), hold bulk traffic until they
 * end. "Inside" is business-time's own rule (an interval crossing midnight included), applied to one
 * interval every day with no holidays. Pure: the instant is an argument.
 */
import { isWithinBusinessHours, WEEKDAYS, type BusinessHours, offsetAt } from '../business-hours/index.js';
import type { QuietHours } from './governor-settings.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const noHolidays = () => false;

function everyDay(quiet: QuietHours): BusinessHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, [quiet]]));
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/** When the quiet hours around `atMs` end (epoch ms), or undefined when `atMs` is not inside them. */
export function quietUntil(atMs: number, quiet: QuietHours | null | undefined, timeZone: string): number | undefined {
  if (!quiet || quiet.start === quiet.end) return undefined;
  const hours = everyDay(quiet);
  if (!isWithinBusinessHours(atMs, hours, noHolidays, timeZone)) return undefined;
  const offset = offsetAt(atMs, timeZone);
  const local = atMs + offset;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  let endLocal = dayStart + minutesOf(quiet.end) * MINUTE_MS;
  if (endLocal <= local) endLocal += DAY_MS;
  let end = endLocal - offsetAt(endLocal - offset, timeZone);
  // A DST change between now and the end moves it by the change: step until outside (at most hours).
  for (let i = 0; i < 180 && isWithinBusinessHours(end, hours, noHolidays, timeZone); i++) end += MINUTE_MS;
  return Math.max(end, atMs + 1);
}
