/**
 * The channel's throughput budget (DESIGN.md §10), measured where it matters: at the provider. A
 * real official channel with `settings.maxPerSecond` 5 takes 61 sends at once through the send
 * endpoint; each answers 201 (the first `sent`, the rest `pending`: held by the governor, released by
 * durable jobs) and the fake timestamps their arrival: the rate (fitted over every arrival) is within 5 % of the budget. All
 * go to one recipient: conversational traffic is never held by the per-recipient gap (6 s by default
 * on the Cloud API, which would let only 2 through in that time).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startGovernedCloudFake, type GovernedCloudFake } from '../fakes/governed-cloud.fake.js';
import { describeEachDatabase } from '../support/harness.js';
import { waitFor } from '../messages/support.js';
import { arrivalRate, cloudChannel, governorView, sendText } from './support.js';

const BUDGET = 5;
const SENDS = 61; // 60 intervals: 12 s at the budget

describeEachDatabase('governor: throughput at the provider', (env) => {
  let fake: GovernedCloudFake;
  before(async () => {
    fake = await startGovernedCloudFake();
  });
  after(() => fake.close());

  it('61 sends at maxPerSecond 5 reach the provider at 5/s (±5 %), replies to one recipient never gap-held', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization();
    const channelId = await cloudChannel(svc, org, fake.url, { maxPerSecond: BUDGET });
    const to = '5511987650001';
    const statuses: string[] = [];
    for (let i = 0; i < SENDS; i++) {
      const res = await sendText(svc, org, channelId, to, `m${i}`);
      assert.equal(res.status, 201, res.text);
      statuses.push(res.json.data.status);
    }
    assert.equal(statuses[0], 'sent');
    assert.ok(statuses.slice(1).every((s) => s === 'pending' || s === 'sent'));
    const view = await governorView(svc, org, channelId, org.keyHeader);
    assert.equal(view.status, 200, view.text);
    assert.equal(view.json.data.budgets.maxPerSecond, BUDGET);
    // Messages not yet at the provider are in the governor's queue (on a slow machine the sends may
    // all have gone by the time the view is read: then there is nothing left to show).
    const unsent = SENDS - fake.received.filter((r) => r.to === to).length;
    if (unsent > 1) {
      assert.ok(view.json.data.queue.length > 0, `queue ${view.json.data.queue.length} with ${unsent} unsent`);
      assert.ok(view.json.data.queue.nextRelease);
    }

    const mine = () => fake.received.filter((r) => r.to === to);
    await waitFor(
      async () => mine().length,
      (n) => n >= SENDS,
      30_000,
    );
    const times = mine().map((r) => r.at);
    const seconds = (times.at(-1)! - times[0]!) / 1000;
    const rate = arrivalRate(times);
    console.log(
      `[governor rate] ${env.dialect}: ${times.length} sends in ${seconds.toFixed(3)} s, ${rate.toFixed(3)}/s fitted (budget ${BUDGET}/s)`,
    );
    assert.ok(Math.abs(rate - BUDGET) / BUDGET <= 0.05, `rate ${rate.toFixed(3)}/s is not within 5 % of ${BUDGET}/s`);
    // No burst: a release held up by the machine goes late, and later ones keep their own slots, so
    // sends may bunch a little after a stall; never twice the budget in one second.
    for (let i = 2 * BUDGET; i < times.length; i++) assert.ok(times[i]! - times[i - 2 * BUDGET]! >= 1000, `burst at ${i}`);
    // The last send's result is stored just after the provider took it.
    const rows = await waitFor(
      () => svc.db.selectFrom('messages').select(['status', 'held_until']).where('channel_id', '=', channelId).execute(),
      (all) => all.every((r) => r.status === 'sent' && r.held_until === null),
    );
    assert.ok(rows.every((r) => r.status === 'sent' && r.held_until === null));
    const after = await governorView(svc, org, channelId, org.keyHeader);
    assert.equal(after.json.data.queue.length, 0);
  });
});
