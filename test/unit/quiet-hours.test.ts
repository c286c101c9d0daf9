/**
 * Quiet hours and traffic classes (governor/quiet-hours.ts, governor/traffic.ts), pure: when bulk
 * traffic held by quiet hours may go, in the organization's zone (across midnight and DST), and
 * which messages are bulk.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { quietUntil } from '../../src/modules/governor/quiet-hours.js';
import { isBulk, trafficOf } from '../../src/modules/governor/traffic.js';

const SP = 'America/Sao_Paulo';
const NY = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('quiet hours', () => {
  it('21:00–08:00 in São Paulo: inside, until 08:00 local the next morning; outside, none', () => {
    const night = { start: '21:00', end: '08:00' };
    assert.equal(iso(quietUntil(at('2026-03-02T23:59:59Z'), night, SP)), undefined, '20:59:59');
    assert.equal(iso(quietUntil(at('2026-03-03T00:00:00Z'), night, SP)), '2026-03-03T11:00:00.000Z', '21:00');
    assert.equal(iso(quietUntil(at('2026-03-03T02:59:00Z'), night, SP)), '2026-03-03T11:00:00.000Z', '23:59');
    assert.equal(iso(quietUntil(at('2026-03-03T03:30:00Z'), night, SP)), '2026-03-03T11:00:00.000Z', '00:30');
    assert.equal(iso(quietUntil(at('2026-03-03T10:59:59Z'), night, SP)), '2026-03-03T11:00:00.000Z', '07:59:59');
    assert.equal(iso(quietUntil(at('2026-03-03T11:00:00Z'), night, SP)), undefined, '08:00');
  });

  it('within one day: 12:00–13:30 ends the same day; none when unset or empty', () => {
    const lunch = { start: '12:00', end: '13:30' };
    assert.equal(iso(quietUntil(at('2026-03-03T15:10:00Z'), lunch, SP)), '2026-03-03T16:30:00.000Z');
    assert.equal(iso(quietUntil(at('2026-03-03T16:30:00Z'), lunch, SP)), undefined);
    assert.equal(quietUntil(at('2026-03-03T15:10:00Z'), null, SP), undefined);
    assert.equal(quietUntil(at('2026-03-03T15:10:00Z'), undefined, SP), undefined);
    assert.equal(quietUntil(at('2026-03-03T15:10:00Z'), { start: '12:00', end: '12:00' }, SP), undefined, 'start = end: none');
    assert.equal(iso(quietUntil(at('2026-03-03T12:10:00Z'), lunch, 'UTC')), '2026-03-03T13:30:00.000Z', 'in its zone');
    assert.equal(quietUntil(at('2026-03-03T15:10:00Z'), lunch, 'UTC'), undefined);
  });

  it('an end across a change of offset: New York, spring forward and fall back', () => {
    // 8 March 2026: 02:00 EST becomes 03:00 EDT; quiet until 02:30, a time that does not exist, ends at 03:00 EDT.
    assert.equal(iso(quietUntil(at('2026-03-08T06:30:00Z'), { start: '00:00', end: '02:30' }, NY)), '2026-03-08T07:00:00.000Z');
    // 1 November 2026: at 00:30 EDT, quiet until 03:00 — EST by then.
    assert.equal(iso(quietUntil(at('2026-11-01T04:30:00Z'), { start: '00:00', end: '03:00' }, NY)), '2026-11-01T08:00:00.000Z');
    // 23:00 EDT on 31 October until 07:00 EST.
    assert.equal(iso(quietUntil(at('2026-11-01T03:00:00Z'), { start: '22:00', end: '07:00' }, NY)), '2026-11-01T12:00:00.000Z');
  });
});

describe('traffic classes', () => {
  it('what the creator asked, else bulk for campaigns and sequences, conversational for the rest', () => {
    assert.equal(trafficOf({ source: 'campaign' }), 'bulk');
    assert.equal(trafficOf({ source: 'sequence' }), 'bulk');
    assert.equal(trafficOf({ source: 'flow' }), 'conversational');
    assert.equal(trafficOf({ source: null }), 'conversational');
    assert.equal(trafficOf({}), 'conversational');
    assert.equal(trafficOf({ source: 'campaign', traffic: 'conversational' }), 'conversational');
    assert.equal(trafficOf({ source: 'api', traffic: 'bulk' }), 'bulk');
    assert.equal(isBulk('bulk'), true);
    assert.equal(isBulk('conversational'), false);
    assert.equal(isBulk(null), false);
  });
});
