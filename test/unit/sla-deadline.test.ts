/**
 * An SLA deadline (sla/sla-timers.ts `slaDeadline`), pure: minutes of business time after the
 * customer wrote when the organization has business hours (its zone and holidays), plain minutes
 * when it has none. The timers themselves: test/sla/.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { slaDeadline } from '../../src/modules/sla/sla-timers.js';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const weekdays = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => [d, [{ start: '09:00', end: '18:00' }]]));

it('plain minutes without business hours', () => {
  assert.equal(iso(slaDeadline(at('2026-03-06T20:50:00Z'), 30, {})), '2026-03-06T21:20:00.000Z');
  assert.equal(iso(slaDeadline(at('2026-03-06T20:50:00Z'), 30, { businessHours: null, timezone: 'UTC' })), '2026-03-06T21:20:00.000Z');
});

it('business minutes in the zone, skipping the weekend and the holidays', () => {
  // Friday 17:50 in São Paulo + 30 min: 10 on Friday, 20 on Monday.
  assert.equal(iso(slaDeadline(at('2026-03-06T20:50:00Z'), 30, { businessHours: weekdays })), '2026-03-09T12:20:00.000Z');
  // The same instant is Friday 20:50 in UTC: closed, so Monday 09:30 UTC.
  assert.equal(iso(slaDeadline(at('2026-03-06T20:50:00Z'), 30, { businessHours: weekdays, timezone: 'UTC' })), '2026-03-09T09:30:00.000Z');
  // Good Friday (3 April 2026) is a holiday of the default calendar; not with `none`.
  assert.equal(iso(slaDeadline(at('2026-04-02T20:50:00Z'), 30, { businessHours: weekdays })), '2026-04-06T12:20:00.000Z');
  assert.equal(
    iso(slaDeadline(at('2026-04-02T20:50:00Z'), 30, { businessHours: weekdays, holidayCalendar: 'none' })),
    '2026-04-03T12:20:00.000Z',
  );
  assert.equal(slaDeadline(at('2026-04-02T20:50:00Z'), 30, { businessHours: {} }), undefined, 'no business time at all');
});
