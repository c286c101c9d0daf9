/**
 * A report's period and percentiles (reports/report-period.ts, reports/percentiles.ts), pure: the
 * query read and checked, local dates and days in a zone (DST included), nearest-rank percentiles.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { durationFigures, nearestRank } from '../../src/modules/reports/percentiles.js';
import { localDateOf, localDays, parseReportQuery } from '../../src/modules/reports/report-period.js';

const SP = 'America/Sao_Paulo';
const NY = 'America/New_York';
const NOW = new Date('2026-03-10T15:00:00.000Z');
const DAY = 86_400_000;

function fields(fn: () => unknown): { field: string; message: string }[] {
  try {
    fn();
  } catch (err) {
    const e = err as { code?: string; details?: { field: string; message: string }[] };
    assert.equal(e.code, 'VALIDATION_ERROR');
    return e.details ?? [];
  }
  assert.fail('no error');
}

describe('report percentiles', () => {
  it('nearest rank: the value at rank ⌈p/100 × n⌉ of the sorted values; null for none', () => {
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    assert.equal(nearestRank(ten, 50), 5);
    assert.equal(nearestRank(ten, 90), 9);
    assert.equal(nearestRank(ten, 91), 10);
    assert.equal(nearestRank(ten, 100), 10);
    assert.equal(nearestRank(ten, 0), 1, 'rank at least 1');
    assert.equal(nearestRank([7], 50), 7);
    assert.equal(nearestRank([], 50), null);
  });

  it('count, median and p90 of unsorted durations, sorted as numbers', () => {
    assert.deepEqual(durationFigures([900, 100, 20, 3000, 5]), { count: 5, medianMs: 100, p90Ms: 3000 });
    assert.deepEqual(durationFigures([]), { count: 0, medianMs: null, p90Ms: null });
  });
});

describe('report query', () => {
  it('defaults: the 30 days before now, by day; team and channel only when given', () => {
    assert.deepEqual(parseReportQuery('conversations', {}, NOW, SP), {
      kind: 'conversations',
      from: new Date(NOW.getTime() - 30 * DAY).toISOString(),
      to: NOW.toISOString(),
      groupBy: 'day',
      timeZone: SP,
    });
    const q = parseReportQuery('agents', { groupBy: 'team', teamId: 't1', channelId: 'c1', to: '2026-03-05T00:00:00Z' }, NOW, SP);
    assert.equal(q.groupBy, 'team');
    assert.equal(q.teamId, 't1');
    assert.equal(q.channelId, 'c1');
    assert.equal(q.from, '2026-02-03T00:00:00.000Z', '30 days before the given to');
    const empty = parseReportQuery('agents', { teamId: '', channelId: '' }, NOW, SP);
    assert.equal('teamId' in empty, false);
    assert.equal('channelId' in empty, false);
  });

  it('reads local dates as midnight in the zone and instants as written', () => {
    const q = parseReportQuery('messages', { from: '2026-03-01', to: '2026-03-02T10:30:00-03:00' }, NOW, SP);
    assert.equal(q.from, '2026-03-01T03:00:00.000Z');
    assert.equal(q.to, '2026-03-02T13:30:00.000Z');
    // New York on the spring-forward day: midnight is still EST (−5 h); the day after, EDT (−4 h).
    const ny = parseReportQuery('messages', { from: '2026-03-08', to: '2026-03-09' }, NOW, NY);
    assert.equal(ny.from, '2026-03-08T05:00:00.000Z');
    assert.equal(ny.to, '2026-03-09T04:00:00.000Z');
    for (const instant of ['2026-03-02T10:30Z', '2026-03-02T10:30:15Z', '2026-03-02T10:30:15.123456789+01:00']) {
      assert.doesNotThrow(() => parseReportQuery('messages', { from: instant }, NOW, SP), instant);
    }
  });

  it('names every bad value: kind, groupBy, a non-date, an instant without zone, a date that does not exist', () => {
    const details = fields(() => parseReportQuery('nope', { groupBy: 'week', from: 'yesterday', to: '2026-02-30' }, NOW, SP));
    assert.deepEqual(
      details.map((d) => d.field),
      ['kind', 'groupBy', 'to', 'from'],
    );
    assert.match(
      details[0]!.message,
      /^must be one of conversations, first-response, resolution, messages, agents, campaigns, satisfaction$/,
    );
    assert.equal(details[1]!.message, 'must be one of day, agent, team, channel');
    assert.equal(details[2]!.message, '"2026-02-30" is not a date (YYYY-MM-DD) or an instant (ISO 8601 with a zone)');
    for (const bad of [
      '2026-03-02T10:30',
      '2026-03-02 10:30Z',
      'x2026-03-02',
      '2026-03-02x',
      '2026-03-02T10:30Zx',
      '2026-3-2',
      '2026-13-01T00:00Z',
    ]) {
      assert.deepEqual(
        fields(() => parseReportQuery('messages', { from: bad }, NOW, SP)).map((d) => d.field),
        ['from'],
        bad,
      );
    }
  });

  it('from must be before to, and the period at most 366 days', () => {
    const q = (from: string, to: string) => () => parseReportQuery('messages', { from, to }, NOW, 'UTC');
    assert.deepEqual(fields(q('2026-03-02', '2026-03-02')), [{ field: 'from', message: 'must be before to' }]);
    assert.deepEqual(fields(q('2026-03-03', '2026-03-02')), [{ field: 'from', message: 'must be before to' }]);
    assert.doesNotThrow(q('2025-03-02', '2026-03-03'), '366 days');
    assert.deepEqual(fields(q('2025-03-02', '2026-03-03T00:00:00.001Z')), [{ field: 'to', message: 'the period is at most 366 days' }]);
  });
});

describe('report days', () => {
  it('a day whose midnight does not exist starts at the jump (São Paulo, 4 November 2018; Santiago, 6 September 2026)', () => {
    const q = parseReportQuery('messages', { from: '2018-11-04', to: '2018-11-05' }, NOW, SP);
    assert.equal(q.from, '2018-11-04T03:00:00.000Z', '00:00 → 01:00 at 03:00Z');
    assert.equal(q.to, '2018-11-05T02:00:00.000Z');
    assert.deepEqual(localDays({ from: '2018-11-03T12:00:00.000Z', to: '2018-11-05T12:00:00.000Z', timeZone: SP }), [
      { day: '2018-11-03', from: '2018-11-03T12:00:00.000Z', to: '2018-11-04T03:00:00.000Z' },
      { day: '2018-11-04', from: '2018-11-04T03:00:00.000Z', to: '2018-11-05T02:00:00.000Z' },
      { day: '2018-11-05', from: '2018-11-05T02:00:00.000Z', to: '2018-11-05T12:00:00.000Z' },
    ]);
    assert.deepEqual(
      localDays({ from: '2026-09-05T12:00:00.000Z', to: '2026-09-07T12:00:00.000Z', timeZone: 'America/Santiago' }).map((d) => d.from),
      ['2026-09-05T12:00:00.000Z', '2026-09-06T04:00:00.000Z', '2026-09-07T03:00:00.000Z'],
    );
    // Clocks going back over midnight (São Paulo, 17 February 2019): 23:00 is lived twice and the 17th starts at 03:00Z.
    assert.equal(parseReportQuery('messages', { from: '2019-02-17', to: '2019-02-18' }, NOW, SP).from, '2019-02-17T03:00:00.000Z');
  });

  it('the local date of an instant in the zone', () => {
    assert.equal(localDateOf(Date.parse('2026-03-02T02:59:59Z'), SP), '2026-03-01');
    assert.equal(localDateOf(Date.parse('2026-03-02T03:00:00Z'), SP), '2026-03-02');
  });

  it('cuts the period at local midnights, the first and last days partial, a DST day 23 hours long', () => {
    assert.deepEqual(localDays({ from: '2026-03-07T12:00:00.000Z', to: '2026-03-09T06:00:00.000Z', timeZone: NY }), [
      { day: '2026-03-07', from: '2026-03-07T12:00:00.000Z', to: '2026-03-08T05:00:00.000Z' },
      { day: '2026-03-08', from: '2026-03-08T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' },
      { day: '2026-03-09', from: '2026-03-09T04:00:00.000Z', to: '2026-03-09T06:00:00.000Z' },
    ]);
    assert.deepEqual(localDays({ from: '2026-03-07T12:00:00.000Z', to: '2026-03-07T12:00:00.000Z', timeZone: NY }), []);
  });
});
