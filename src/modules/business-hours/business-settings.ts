/**
 * The organization settings of business time (DESIGN.md §10 "Business hours"; docs/business-hours.md):
 * their TypeBox schemas (merged into the organization's settings schema), the checks a schema cannot
 * say (a real IANA zone, a real date, an interval that is not empty), and the calendar they make for
 * business-time.ts, which reports and SLAs (§12) and the away message read.
 */
import { Type } from '@sinclair/typebox';
import { validationError, type ErrorDetail } from '../../errors.js';
import { WEEKDAYS, type BusinessHours, type Weekday } from './business-time.js';
import { brazilianHolidays } from './holidays-br.js';
import { isTimeZone } from './zoned-time.js';

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
export const HOLIDAY_CALENDARS = ['br', 'br-with-optional', 'none'] as const;
export type HolidayCalendar = (typeof HOLIDAY_CALENDARS)[number];

const Time = Type.String({ pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$', description: 'Wall-clock HH:MM (end may be 24:00)' });
const Interval = Type.Object(
  { start: Time, end: Time },
  {
    additionalProperties: false,
    description: 'start > end crosses midnight (e.g. 22:00–02:00)',
    examples: [{ start: '08:00', end: '18:00' }],
  },
);
const HolidayDate = Type.String({
  pattern: '^([0-9]{4}-)?(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
  description: 'YYYY-MM-DD (that day) or MM-DD (that day every year)',
  examples: ['2026-12-24', '01-25'],
});

/** The business-time keys of `organizations.settings`: spread into OrganizationSettingsSchema. */
export const BUSINESS_SETTINGS = {
  timezone: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: `IANA time zone of the organization's business hours and quiet hours (default ${DEFAULT_TIME_ZONE})`,
      examples: ['America/Sao_Paulo'],
    }),
  ),
  businessHours: Type.Optional(
    Type.Union(
      [
        Type.Object(Object.fromEntries(WEEKDAYS.map((d) => [d, Type.Optional(Type.Array(Interval, { maxItems: 8 }))])), {
          additionalProperties: false,
          description: 'Weekly intervals per weekday (sun…sat) in `timezone`; a weekday left out is closed',
          examples: [
            {
              mon: [
                { start: '08:00', end: '12:00' },
                { start: '13:00', end: '18:00' },
              ],
              sat: [{ start: '09:00', end: '13:00' }],
            },
          ],
        }),
        Type.Null(),
      ],
      { description: 'null (or absent): no business hours, all time counts and no away message is sent' },
    ),
  ),
  holidayCalendar: Type.Optional(
    Type.Union(
      HOLIDAY_CALENDARS.map((c) => Type.Literal(c)),
      {
        description:
          'The shipped holiday list: `br` (default) Brazil’s national holidays computed per year, Sexta-feira Santa included; ' +
          '`br-with-optional` also Carnaval (Monday, Tuesday) and Corpus Christi (pontos facultativos); `none`',
      },
    ),
  ),
  holidays: Type.Optional(
    Type.Array(HolidayDate, { maxItems: 500, uniqueItems: true, description: "The organization's own holidays, added to the calendar's" }),
  ),
  holidayExceptions: Type.Optional(
    Type.Array(HolidayDate, { maxItems: 500, uniqueItems: true, description: "Dates of the calendar's list that are working days here" }),
  ),
  awayMessage: Type.Optional(
    Type.Union([Type.String({ minLength: 1, maxLength: 4096 }), Type.Null()], {
      description: 'Text sent once per chat to a customer who writes outside business hours (needs businessHours); null: none',
    }),
  ),
};

export interface BusinessSettings {
  timezone?: string;
  businessHours?: BusinessHours | null;
  holidayCalendar?: HolidayCalendar;
  holidays?: string[];
  holidayExceptions?: string[];
  awayMessage?: string | null;
}

function realDate(value: string): boolean {
  const full = value.length === 5 ? `2024-${value}` : value; // a leap year, so 02-29 is a date
  const d = new Date(`${full}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === full;
}

/** What the schema cannot check: 400 VALIDATION_ERROR naming each bad value. */
export function assertBusinessSettings(settings: BusinessSettings): void {
  const errors: ErrorDetail[] = [];
  if (settings.timezone !== undefined && !isTimeZone(settings.timezone))
    errors.push({ field: 'settings.timezone', message: `"${settings.timezone}" is not an IANA time zone` });
  for (const day of WEEKDAYS) {
    (settings.businessHours?.[day] ?? []).forEach((interval, i) => {
      const field = `settings.businessHours.${day}.${i}`;
      if (interval.start === '24:00') errors.push({ field: `${field}.start`, message: 'cannot be 24:00' });
      else if (interval.start === interval.end) errors.push({ field, message: 'is empty (start equals end)' });
    });
  }
  for (const key of ['holidays', 'holidayExceptions'] as const) {
    settings[key]?.forEach((date, i) => {
      if (!realDate(date)) errors.push({ field: `settings.${key}.${i}`, message: `"${date}" is not a date` });
    });
  }
  if (errors.length > 0) throw validationError(errors);
}

/** What business-time.ts needs, from an organization's settings; `hours` null when it has none. */
export interface BusinessCalendar {
  hours: BusinessHours | null;
  holidays: (localDate: string) => boolean;
  timeZone: string;
}

export function businessCalendarOf(settings: BusinessSettings): BusinessCalendar {
  const calendar = settings.holidayCalendar ?? 'br';
  const own = new Set(settings.holidays ?? []);
  const exceptions = new Set(settings.holidayExceptions ?? []);
  const shipped = new Map<number, Set<string>>();
  const shippedOf = (year: number) => {
    let dates = shipped.get(year);
    if (!dates) {
      dates = new Set(calendar === 'none' ? [] : brazilianHolidays(year, calendar === 'br-with-optional').map((h) => h.date));
      shipped.set(year, dates);
    }
    return dates;
  };
  const listed = (set: Set<string>, date: string) => set.has(date) || set.has(date.slice(5));
  return {
    hours: settings.businessHours ?? null,
    timeZone: settings.timezone ?? DEFAULT_TIME_ZONE,
    holidays: (date) => {
      if (listed(own, date)) return true;
      if (listed(exceptions, date)) return false;
      return shippedOf(Number(date.slice(0, 4))).has(date);
    },
  };
}

export type { Weekday };
