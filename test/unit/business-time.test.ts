/**
 * Business time (business-hours/business-time.ts), pure: São Paulo (no DST since 2019), New York
 * (DST both ways), holidays (Brazil's computed list, the organization's own dates and exceptions),
 * intervals crossing midnight, and `businessMillisBetween` agreeing with `isWithinBusinessHours`
 * minute by minute.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { businessMillisBetween, isWithinBusinessHours, type BusinessHours } from '../../src/modules/business-hours/business-time.js';
import { brazilianHolidays, easterSunday } from '../../src/modules/business-hours/holidays-br.js';
import { assertBusinessSettings, businessCalendarOf } from '../../src/modules/business-hours/business-settings.js';
import { isTimeZone, offsetAt } from '../../src/modules/business-hours/zoned-time.js';

const H = 3_600_000;
const SP = 'America/Sao_Paulo';
const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const weekdays9to18: BusinessHours = Object.fromEntries(
  (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((d) => [d, [{ start: '09:00', end: '18:00' }]]),
);

describe('business time: São Paulo (UTC−3 all year)', () => {
  it('is within 09:00–18:00 local: the start counts, the end does not', () => {
    // Monday 2026-03-02: 09:00 local is 12:00Z.
    assert.equal(isWithinBusinessHours(at('2026-03-02T12:00:00Z'), weekdays9to18, [], SP), true);
    assert.equal(isWithinBusinessHours(at('2026-03-02T11:59:59Z'), weekdays9to18, [], SP), false);
    assert.equal(isWithinBusinessHours(at('2026-03-02T20:59:59Z'), weekdays9to18, [], SP), true);
    assert.equal(isWithinBusinessHours(at('2026-03-02T21:00:00Z'), weekdays9to18, [], SP), false);
    // Saturday is closed; a weekday left out is closed.
    assert.equal(isWithinBusinessHours(at('2026-03-07T15:00:00Z'), weekdays9to18, [], SP), false);
    assert.equal(isWithinBusinessHours(new Date('2026-03-02T15:00:00Z'), weekdays9to18, [], 'UTC'), true);
  });

  it('counts a week, a weekend and a partial day', () => {
    assert.equal(businessMillisBetween(at('2026-03-02T03:00:00Z'), at('2026-03-09T03:00:00Z'), weekdays9to18, [], SP), 45 * H);
    // Friday 17:00 local → Monday 10:00 local: one hour each side of the weekend.
    assert.equal(businessMillisBetween(at('2026-03-06T20:00:00Z'), at('2026-03-09T13:00:00Z'), weekdays9to18, [], SP), 2 * H);
    assert.equal(businessMillisBetween(at('2026-03-02T13:30:00Z'), at('2026-03-02T14:15:00Z'), weekdays9to18, [], SP), 0.75 * H);
    assert.equal(businessMillisBetween(at('2026-03-03T00:00:00Z'), at('2026-03-02T00:00:00Z'), weekdays9to18, [], SP), 0);
  });

  it('splits and adds up: [a, c) = [a, b) + [b, c) for any b', () => {
    const a = at('2026-03-01T00:00:00Z');
    const c = at('2026-03-20T00:00:00Z');
    const whole = businessMillisBetween(a, c, weekdays9to18, [], SP);
    for (const b of [a + 1, a + 13.5 * H, a + 5 * 24 * H + 7777, c - 1]) {
      assert.equal(businessMillisBetween(a, b, weekdays9to18, [], SP) + businessMillisBetween(b, c, weekdays9to18, [], SP), whole);
    }
  });

  it('a holiday has no business time, whatever the weekday', () => {
    // Sexta-feira Santa 2026 is Friday 3 April.
    const calendar = businessCalendarOf({});
    assert.equal(calendar.holidays('2026-04-03'), true);
    assert.equal(isWithinBusinessHours(at('2026-04-03T15:00:00Z'), weekdays9to18, calendar.holidays, SP), false);
    assert.equal(isWithinBusinessHours(at('2026-04-02T15:00:00Z'), weekdays9to18, calendar.holidays, SP), true);
    // The week of 30 March: five days less one.
    assert.equal(
      businessMillisBetween(at('2026-03-30T03:00:00Z'), at('2026-04-06T03:00:00Z'), weekdays9to18, calendar.holidays, SP),
      36 * H,
    );
    assert.equal(businessMillisBetween(at('2026-03-30T03:00:00Z'), at('2026-04-06T03:00:00Z'), weekdays9to18, ['2026-04-03'], SP), 36 * H);
  });
});

describe('business time: intervals crossing midnight', () => {
  const night: BusinessHours = { fri: [{ start: '22:00', end: '02:00' }], sat: [{ start: '10:00', end: '12:00' }] };

  it('Friday 22:00 to Saturday 02:00 local: both sides of midnight, not the day before', () => {
    assert.equal(isWithinBusinessHours(at('2026-03-07T01:00:00Z'), night, [], SP), true, 'Fri 22:00');
    assert.equal(isWithinBusinessHours(at('2026-03-07T04:59:00Z'), night, [], SP), true, 'Sat 01:59');
    assert.equal(isWithinBusinessHours(at('2026-03-07T05:00:00Z'), night, [], SP), false, 'Sat 02:00');
    assert.equal(isWithinBusinessHours(at('2026-03-06T04:00:00Z'), night, [], SP), false, 'Fri 01:00: Thursday has no night');
    assert.equal(businessMillisBetween(at('2026-03-06T03:00:00Z'), at('2026-03-08T03:00:00Z'), night, [], SP), 6 * H);
  });

  it("a holiday silences the part on its own date: Saturday's, not Friday's", () => {
    assert.equal(isWithinBusinessHours(at('2026-03-07T04:00:00Z'), night, ['2026-03-07'], SP), false);
    assert.equal(isWithinBusinessHours(at('2026-03-07T01:30:00Z'), night, ['2026-03-07'], SP), true);
    assert.equal(businessMillisBetween(at('2026-03-06T03:00:00Z'), at('2026-03-08T03:00:00Z'), night, ['2026-03-07'], SP), 2 * H);
  });

  it('an interval ending at 24:00, and the whole day as 00:00–24:00', () => {
    const late: BusinessHours = { mon: [{ start: '20:00', end: '24:00' }], tue: [{ start: '00:00', end: '24:00' }] };
    assert.equal(isWithinBusinessHours(at('2026-03-03T02:59:00Z'), late, [], SP), true, 'Mon 23:59');
    assert.equal(businessMillisBetween(at('2026-03-02T03:00:00Z'), at('2026-03-04T03:00:00Z'), late, [], SP), 28 * H);
  });
});

describe('business time: New York (DST)', () => {
  it('the zone offset moves: −5 h in winter, −4 h in summer', () => {
    assert.equal(offsetAt(at('2026-01-15T12:00:00Z'), NY), -5 * H);
    assert.equal(offsetAt(at('2026-07-15T12:00:00Z'), NY), -4 * H);
    assert.equal(offsetAt(at('2026-07-15T12:00:00Z'), SP), -3 * H);
  });

  it('09:00–17:00 local is 14:00–22:00Z in winter and 13:00–21:00Z in summer', () => {
    const hours: BusinessHours = { mon: [{ start: '09:00', end: '17:00' }] };
    assert.equal(isWithinBusinessHours(at('2026-01-12T14:00:00Z'), hours, [], NY), true);
    assert.equal(isWithinBusinessHours(at('2026-01-12T13:59:00Z'), hours, [], NY), false);
    assert.equal(isWithinBusinessHours(at('2026-07-13T13:00:00Z'), hours, [], NY), true);
    assert.equal(isWithinBusinessHours(at('2026-07-13T21:00:00Z'), hours, [], NY), false);
  });

  it('spring forward (8 March 2026): 01:00–03:00 lasts one hour; a whole Sunday lasts 23', () => {
    const hours: BusinessHours = { sun: [{ start: '01:00', end: '03:00' }] };
    assert.equal(businessMillisBetween(at('2026-03-08T00:00:00Z'), at('2026-03-09T00:00:00Z'), hours, [], NY), 1 * H);
    assert.equal(isWithinBusinessHours(at('2026-03-08T06:30:00Z'), hours, [], NY), true, '01:30 EST');
    assert.equal(isWithinBusinessHours(at('2026-03-08T07:00:00Z'), hours, [], NY), false, '03:00 EDT');
    const allDay: BusinessHours = { sun: [{ start: '00:00', end: '24:00' }] };
    assert.equal(businessMillisBetween(at('2026-03-08T00:00:00Z'), at('2026-03-09T12:00:00Z'), allDay, [], NY), 23 * H);
  });

  it('fall back (1 November 2026): the repeated hour counts twice, 00:00–03:00 lasts four hours', () => {
    const hours: BusinessHours = { sun: [{ start: '00:00', end: '03:00' }] };
    assert.equal(businessMillisBetween(at('2026-11-01T00:00:00Z'), at('2026-11-02T00:00:00Z'), hours, [], NY), 4 * H);
    assert.equal(isWithinBusinessHours(at('2026-11-01T05:30:00Z'), hours, [], NY), true, '01:30 EDT');
    assert.equal(isWithinBusinessHours(at('2026-11-01T06:30:00Z'), hours, [], NY), true, '01:30 EST');
    assert.equal(isWithinBusinessHours(at('2026-11-01T08:00:00Z'), hours, [], NY), false, '03:00 EST');
  });

  it('agrees with isWithinBusinessHours minute by minute across both changes, overnight intervals and a holiday', () => {
    const hours: BusinessHours = {
      sat: [{ start: '23:00', end: '02:30' }],
      sun: [
        { start: '00:30', end: '01:45' },
        { start: '22:15', end: '01:15' },
      ],
      mon: [{ start: '08:00', end: '12:00' }],
    };
    const holidays = ['2026-11-02'];
    for (const [from, to] of [
      ['2026-03-06T00:00:00Z', '2026-03-10T00:00:00Z'],
      ['2026-10-30T00:00:00Z', '2026-11-03T00:00:00Z'],
    ] as const) {
      let minutes = 0;
      for (let t = at(from); t < at(to); t += 60_000) if (isWithinBusinessHours(t, hours, holidays, NY)) minutes++;
      assert.equal(businessMillisBetween(at(from), at(to), hours, holidays, NY), minutes * 60_000, `${from} → ${to}`);
      assert.ok(minutes > 0);
    }
  });
});

describe('holidays: Brazil computed per year', () => {
  it('Easter Sunday of known years', () => {
    const easter = (y: number) => easterSunday(y).toISOString().slice(0, 10);
    assert.deepEqual([2000, 2019, 2024, 2025, 2026, 2027, 2038].map(easter), [
      '2000-04-23',
      '2019-04-21',
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2038-04-25',
    ]);
  });

  it('2026: nine fixed national dates plus Sexta-feira Santa; Consciência Negra only from 2024', () => {
    const dates = brazilianHolidays(2026).map((h) => h.date);
    assert.deepEqual(dates, [
      '2026-01-01',
      '2026-04-03',
      '2026-04-21',
      '2026-05-01',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ]);
    assert.equal(
      brazilianHolidays(2023).some((h) => h.date === '2023-11-20'),
      false,
    );
  });

  it('Carnaval and Corpus Christi (pontos facultativos) only with the optional list', () => {
    const optional = brazilianHolidays(2026, true)
      .filter((h) => h.optional)
      .map((h) => h.date);
    assert.deepEqual(optional, ['2026-02-16', '2026-02-17', '2026-06-04']);
    assert.equal(businessCalendarOf({}).holidays('2026-02-17'), false);
    assert.equal(businessCalendarOf({ holidayCalendar: 'br-with-optional' }).holidays('2026-02-17'), true);
  });

  it("the organization's own dates (one day or every year) and exceptions edit the list", () => {
    const calendar = businessCalendarOf({ holidays: ['2026-07-09', '01-25'], holidayExceptions: ['11-20', '2026-11-02'] });
    assert.equal(calendar.holidays('2026-07-09'), true);
    assert.equal(calendar.holidays('2027-07-09'), false);
    assert.equal(calendar.holidays('2031-01-25'), true);
    assert.equal(calendar.holidays('2026-11-20'), false, 'worked here every year');
    assert.equal(calendar.holidays('2026-11-02'), false);
    assert.equal(calendar.holidays('2027-11-02'), true);
    assert.equal(businessCalendarOf({ holidayCalendar: 'none' }).holidays('2026-12-25'), false);
    assert.equal(businessCalendarOf({}).timeZone, 'America/Sao_Paulo');
  });
});

describe('business settings: what the schema cannot check', () => {
  it('refuses an unknown zone, an empty interval, a start at 24:00 and a date that does not exist', () => {
    assert.equal(isTimeZone('America/Sao_Paulo'), true);
    assert.equal(isTimeZone('Mars/Olympus'), false);
    assert.doesNotThrow(() => assertBusinessSettings({ timezone: NY, holidays: ['02-29', '2028-02-29'], businessHours: weekdays9to18 }));
    const bad = () =>
      assertBusinessSettings({
        timezone: 'Mars/Olympus',
        businessHours: { mon: [{ start: '09:00', end: '09:00' }], tue: [{ start: '24:00', end: '02:00' }] },
        holidays: ['2026-02-30'],
        holidayExceptions: ['02-30'],
      });
    assert.throws(bad, (err: { code?: string; details?: { field: string }[] }) => {
      assert.equal(err.code, 'VALIDATION_ERROR');
      assert.deepEqual(
        err.details?.map((d) => d.field),
        [
          'settings.timezone',
          'settings.businessHours.mon.0',
          'settings.businessHours.tue.0.start',
          'settings.holidays.0',
          'settings.holidayExceptions.0',
        ],
      );
      return true;
    });
  });
});

it('adds business time: a deadline skips nights, weekends and holidays', async () => {
  const { addBusinessMillis } = await import('../../src/modules/business-hours/business-time.js');
  const weekdays = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => [d, [{ start: '09:00', end: '18:00' }]]));
  const tz = 'America/Sao_Paulo';
  const at = (iso: string) => Date.parse(iso);
  // Friday 17:50 local + 30 min: 10 on Friday, 20 on Monday.
  assert.equal(
    new Date(addBusinessMillis(at('2026-03-06T20:50:00Z'), 30 * 60_000, weekdays, [], tz)!).toISOString(),
    '2026-03-09T12:20:00.000Z',
  );
  // Saturday: starts Monday 09:00.
  assert.equal(
    new Date(addBusinessMillis(at('2026-03-07T15:00:00Z'), 60 * 60_000, weekdays, [], tz)!).toISOString(),
    '2026-03-09T13:00:00.000Z',
  );
  // Monday a holiday: Tuesday.
  assert.equal(
    new Date(addBusinessMillis(at('2026-03-06T20:50:00Z'), 30 * 60_000, weekdays, ['2026-03-09'], tz)!).toISOString(),
    '2026-03-10T12:20:00.000Z',
  );
  assert.equal(addBusinessMillis(at('2026-03-06T20:50:00Z'), 60_000, {}, [], tz), undefined, 'no business time at all');
  assert.equal(addBusinessMillis(1000, 0, weekdays, [], tz), 1000);
});

describe('zone offsets, cached per quarter hour', () => {
  // ICU asked afresh for each instant: what the cache must agree with everywhere.
  const reference = (ms: number, timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(ms / 1000) * 1000;
  };

  it('agrees with ICU at every instant around changes of offset, also those off the quarter hour', () => {
    const cases: [string, string][] = [
      [NY, '2026-03-08T07:00:00Z'], // spring forward at 02:00 local
      [NY, '2026-11-01T06:00:00Z'], // fall back
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'], // a half-hour change
      ['Asia/Kathmandu', '1986-01-01T00:00:00Z'], // +05:30 → +05:45
      ['Africa/Monrovia', '1972-01-07T00:44:30Z'], // −00:44:30 → UTC, off every quarter hour
    ];
    for (const [zone, iso] of cases) {
      const change = at(iso);
      // Instants 7 min 13 s apart from 2 hours before to 2 hours after, and each second of the minute around the change.
      const instants = [
        ...Array.from({ length: 34 }, (_, i) => change - 2 * H + i * 433_000),
        ...Array.from({ length: 120 }, (_, i) => change - 60_000 + i * 1000),
      ];
      for (const ms of instants) assert.equal(offsetAt(ms, zone), reference(ms, zone), `${zone} at ${new Date(ms).toISOString()}`);
    }
  });
});

describe('business time: rules the first mutation run found untested', () => {
  const mon = (hhmm: string) => at(`2026-03-02T${hhmm}:00Z`); // Monday, São Paulo is UTC−3

  it('minutes count: 09:30–12:15 starts at 09:30 and ends at 12:15 local', () => {
    const hours: BusinessHours = { mon: [{ start: '09:30', end: '12:15' }] };
    assert.equal(isWithinBusinessHours(mon('12:29'), hours, [], SP), false);
    assert.equal(isWithinBusinessHours(mon('12:30'), hours, [], SP), true);
    assert.equal(isWithinBusinessHours(mon('15:14'), hours, [], SP), true);
    assert.equal(isWithinBusinessHours(mon('15:15'), hours, [], SP), false);
  });

  it('an empty interval (start = end) holds no time, that day or the next', () => {
    const hours: BusinessHours = { mon: [{ start: '09:00', end: '09:00' }] };
    assert.equal(businessMillisBetween(at('2026-03-01T00:00:00Z'), at('2026-03-08T00:00:00Z'), hours, [], SP), 0);
  });

  it('overlapping intervals count once, to the later end', () => {
    const hours: BusinessHours = {
      mon: [
        { start: '09:00', end: '12:00' },
        { start: '10:00', end: '14:00' },
      ],
    };
    assert.equal(businessMillisBetween(mon('00:00'), mon('23:59'), hours, [], SP), 5 * H);
    assert.equal(isWithinBusinessHours(mon('16:30'), hours, [], SP), true, '13:30 local');
  });

  it('takes Dates as well as epoch milliseconds', () => {
    assert.equal(businessMillisBetween(new Date('2026-03-02T03:00:00Z'), new Date('2026-03-09T03:00:00Z'), weekdays9to18, [], SP), 45 * H);
  });

  it('a change of offset at local midnight: São Paulo sprang forward at 00:00 on 4 November 2018', () => {
    const allDay: BusinessHours = Object.fromEntries(
      (['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const).map((d) => [d, [{ start: '00:00', end: '24:00' }]]),
    );
    // Saturday 3rd 12:00 (−3) to Monday 5th 00:00 (−2): 12 h, a 23-hour Sunday, so 35 h of the 35 that passed.
    assert.equal(businessMillisBetween(at('2018-11-03T15:00:00Z'), at('2018-11-05T02:00:00Z'), allDay, [], SP), 35 * H);
    assert.equal(businessMillisBetween(at('2018-11-03T15:00:00Z'), at('2018-11-05T02:00:00Z'), weekdays9to18, [], SP), 0);
  });
});

describe('business time: adding to a deadline', () => {
  it('no time added for zero or less; days of business time skip the nights and weekend', async () => {
    const { addBusinessMillis } = await import('../../src/modules/business-hours/business-time.js');
    assert.equal(addBusinessMillis(1000, -5, weekdays9to18, [], SP), 1000);
    // Wednesday 09:00 local + 28 business hours (three days of 9, and one): Monday 10:00 local.
    assert.equal(
      new Date(addBusinessMillis(at('2026-03-04T12:00:00Z'), 28 * H, weekdays9to18, [], SP)!).toISOString(),
      '2026-03-09T13:00:00.000Z',
    );
  });

  it('the deadline has the time passed, and is within a second of the instant it does', async () => {
    const { addBusinessMillis } = await import('../../src/modules/business-hours/business-time.js');
    // Starts in Friday's last second (37 ms to 962 ms before closing), so the rest falls just after Monday's opening.
    const friday18 = at('2026-03-06T21:00:00Z');
    for (let k = 1; k <= 26; k++) {
      const from = friday18 - k * 37;
      const ms = 1000;
      const deadline = addBusinessMillis(from, ms, weekdays9to18, [], SP)!;
      assert.ok(businessMillisBetween(from, deadline, weekdays9to18, [], SP) >= ms, `from ${k * 37} ms before closing`);
      const exact = at('2026-03-09T12:00:00Z') + (ms - k * 37);
      assert.ok(deadline >= exact && deadline - exact < 1000, `${new Date(deadline).toISOString()} for ${new Date(exact).toISOString()}`);
    }
  });
});
