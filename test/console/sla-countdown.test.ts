/**
 * Which SLA deadline a chat row counts down to (console/src/features/inbox/sla-countdown.ts): the
 * nearer unmet target, only when within 30 minutes or past; none once answered, closed or far.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { minutesOf, slaCountdown } from '../../console/src/features/inbox/sla-countdown.ts';

const MIN = 60_000;
const now = Date.parse('2026-03-02T12:00:00Z');
const at = (minutes: number) => new Date(now + minutes * MIN).toISOString();
const chat = (
  sla: { firstResponseDueAt?: string | null; resolutionDueAt?: string | null; firstResponseAt?: string | null } | null,
  status = 'pending',
) => ({
  status,
  sla: sla && { firstResponseDueAt: null, resolutionDueAt: null, firstResponseAt: null, ...sla },
});

it('counts down to the nearer unmet target within 30 minutes, and past it', () => {
  assert.equal(slaCountdown(chat(null), now), null);
  assert.equal(slaCountdown(chat({ firstResponseDueAt: at(31) }), now), null, 'not near yet');
  assert.deepEqual(slaCountdown(chat({ firstResponseDueAt: at(30) }), now), { target: 'firstResponse', leftMs: 30 * MIN, overdue: false });
  assert.deepEqual(slaCountdown(chat({ firstResponseDueAt: at(-2) }), now), { target: 'firstResponse', leftMs: -2 * MIN, overdue: true });
  assert.deepEqual(
    slaCountdown(chat({ firstResponseDueAt: at(20), resolutionDueAt: at(10) }), now),
    { target: 'resolution', leftMs: 10 * MIN, overdue: false },
    'the nearer of the two',
  );
  assert.equal(slaCountdown(chat({ firstResponseDueAt: at(5), firstResponseAt: at(-1) }), now), null, 'answered: met');
  assert.equal(slaCountdown(chat({ firstResponseDueAt: at(-5), firstResponseAt: at(-1) }), now), null, 'answered late: no longer counting');
  assert.deepEqual(
    slaCountdown(chat({ firstResponseDueAt: at(5), firstResponseAt: at(-1), resolutionDueAt: at(25) }), now)?.target,
    'resolution',
  );
  assert.equal(slaCountdown(chat({ resolutionDueAt: at(-5) }, 'closed'), now), null, 'closed: nothing to count');
});

it('writes whole minutes, rounded up either way', () => {
  assert.deepEqual([30_000, 60_000, 61_000, -1, -30_000, -61_000, 0].map(minutesOf), [1, 1, 2, 1, 1, 2, 1]);
});
