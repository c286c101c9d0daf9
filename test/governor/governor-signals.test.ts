/**
 * Meta's answers change what the governor does (DESIGN.md §10, the signals of §9), each against the
 * Cloud API fake answering that code: 131047 fails the message at once (no retry reaches Meta);
 * 131049 marks the recipient capped for marketing for 24 hours (`isMarketingCapped`, and a bulk
 * template to them fails MARKETING_CAPPED without reaching Meta), also when it comes in a failed
 * status callback; 130429 halves the channel's rate
 * for a minute, then it recovers; 131056 holds every message to that recipient for the gap, others go.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { TestClock } from '../../src/lib/clock.js';
import { startGovernedCloudFake, type GovernedCloudFake } from '../fakes/governed-cloud.fake.js';
import { cloudStatus, cloudWebhook } from '../fakes/whatsapp-cloud.fake.js';
import { metaSigned } from '../fakes/provider-test-kit.js';
import { describeEachDatabase, type TestEnv } from '../support/harness.js';
import { call } from '../chats/support.js';
import { post, waitFor } from '../messages/support.js';
import { approvedTemplate, cloudChannel, governorView, HOUR, row, sendTemplate, sendText, settledRow } from './support.js';

async function started(env: TestEnv) {
  const clock = new TestClock();
  const svc = await env.start({ listen: true, clock, workerOptions: { idlePollMs: 20 } });
  const org = await svc.seedOrganization();
  return { svc, org, clock };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('governor: provider signals', (env) => {
  let fake: GovernedCloudFake;
  before(async () => {
    fake = await startGovernedCloudFake();
  });
  after(() => fake.close());
  const arrivedTo = (to: string) => fake.arrived.filter((r) => r.to === to).length;

  it('131047 fails the message at once with that code; nothing retries it', async () => {
    const { svc, org, clock } = await started(env);
    const channelId = await cloudChannel(svc, org, fake.url);
    const to = '5511900047001';
    fake.answerNext(to, 131047);
    const res = await sendText(svc, org, channelId, to, 'late');
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.data.status, 'failed');
    assert.equal(res.json.data.error.code, '131047');
    clock.advance(2 * HOUR);
    await sleep(300);
    assert.equal(arrivedTo(to), 1, 'Meta was asked once');
    assert.equal((await row(svc, res.json.data.id)).status, 'failed');
  });

  it('131049 caps the recipient for marketing for 24 h: isMarketingCapped, and a bulk template to them fails MARKETING_CAPPED', async () => {
    const { svc, org, clock } = await started(env);
    const channelId = await cloudChannel(svc, org, fake.url);
    const template = await approvedTemplate(svc, org, channelId);
    const to = '5511900049001';
    const { governor } = svc.services;
    assert.equal(await governor.isMarketingCapped(org.organizationId, { contact: to }), false);
    fake.answerNext(to, 131049);
    const res = await sendTemplate(svc, org, channelId, to);
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.data.status, 'failed');
    assert.equal(res.json.data.error.code, '131049');
    const customer = await svc.db
      .selectFrom('chats')
      .select(['customer_id', 'id'])
      .where('id', '=', res.json.data.chat_id)
      .executeTakeFirstOrThrow();
    assert.equal(await governor.isMarketingCapped(org.organizationId, { contact: to }), true);
    assert.equal(await governor.isMarketingCapped(org.organizationId, { customerId: customer.customer_id }), true);
    assert.equal(await governor.isMarketingCapped(org.organizationId, { contact: '5511900049999' }), false);

    // A follow-up template (bulk) to the capped recipient never reaches Meta.
    const sendAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const scheduled = await call(svc, 'POST', `/api/${org.organizationId}/chats/${customer.id}/scheduled-messages`, org.keyHeader, {
      sendAt,
      templateId: template.id,
    });
    assert.equal(scheduled.status, 201, scheduled.text);
    clock.advance(61_000);
    const sched = await waitFor(
      () => svc.db.selectFrom('scheduled_messages').selectAll().where('id', '=', scheduled.json.data.id).executeTakeFirstOrThrow(),
      (r) => r.message_id !== null,
    );
    const bulk = await settledRow(svc, sched.message_id!);
    assert.equal(bulk.status, 'failed');
    assert.equal(bulk.error_code, 'MARKETING_CAPPED');
    assert.equal(bulk.traffic, 'bulk');
    assert.equal(arrivedTo(to), 1, 'only the first template reached Meta');

    clock.advance(24 * HOUR);
    assert.equal(await governor.isMarketingCapped(org.organizationId, { contact: to }), false, 'the cap lasts 24 hours');
  });

  it('131049 in a failed status callback caps the recipient too', async () => {
    const { svc, org, clock } = await started(env);
    const channelId = await cloudChannel(svc, org, fake.url);
    await approvedTemplate(svc, org, channelId);
    const to = '5511900049002';
    const sent = await sendTemplate(svc, org, channelId, to);
    assert.equal(sent.json.data.status, 'sent', sent.text);
    const providerId = (await row(svc, sent.json.data.id)).provider_message_id!;
    const failed = cloudStatus(providerId, 'failed', {
      recipient_id: to,
      timestamp: String(Math.floor(clock.now().getTime() / 1000)),
      errors: [{ code: 131049, title: 'This message was not delivered to maintain healthy ecosystem engagement.' }],
    });
    const signed = metaSigned(cloudWebhook({ statuses: [failed] }, '109876500077'), 'app-secret');
    const res = await post(svc, `/channels/${channelId}/webhook`, signed.body, signed.headers);
    assert.equal(res.status, 200, res.text);
    await waitFor(
      () => row(svc, sent.json.data.id),
      (r) => r.status === 'failed',
    );
    assert.equal(await svc.services.governor.isMarketingCapped(org.organizationId, { contact: to }), true);
  });

  it('130429 halves the channel rate for a minute, then it recovers', async () => {
    const { svc, org, clock } = await started(env);
    const channelId = await cloudChannel(svc, org, fake.url, { maxPerSecond: 1 });
    const to = '5511900429001';
    fake.answerNext(to, 130429);
    const hit = await sendText(svc, org, channelId, to, 'throttled');
    assert.equal(hit.status, 201, hit.text);
    assert.equal(hit.json.data.status, 'pending', 'a 130429 is retried, not failed');
    const view = await governorView(svc, org, channelId, org.keyHeader);
    assert.equal(view.json.data.signal.code, '130429');
    assert.equal(view.json.data.budgets.effectiveMaxPerSecond, 0.5);
    assert.ok(view.json.data.slowedUntil);

    const gapBetween = async (prefix: string) => {
      const ids: string[] = [];
      for (const n of [1, 2, 3]) ids.push((await sendText(svc, org, channelId, `55119004290${n}${prefix}`, prefix)).json.data.id);
      const [, b, c] = await Promise.all(ids.map((id) => row(svc, id)));
      assert.equal(b!.held_reason, 'rate');
      assert.equal(c!.held_reason, 'rate');
      return Date.parse(c!.held_until!) - Date.parse(b!.held_until!);
    };
    const slowed = await gapBetween('1');
    assert.ok(slowed >= 1990 && slowed <= 2010, `slowed interval ${slowed} ms`);

    clock.advance(61_000);
    await waitFor(
      () => svc.db.selectFrom('messages').select('id').where('channel_id', '=', channelId).where('status', '=', 'pending').execute(),
      (rows) => rows.length === 0,
    );
    const recovered = await governorView(svc, org, channelId, org.keyHeader);
    assert.equal(recovered.json.data.budgets.effectiveMaxPerSecond, 1);
    assert.equal(recovered.json.data.slowedUntil, null);
    const normal = await gapBetween('2');
    assert.ok(normal >= 990 && normal <= 1010, `recovered interval ${normal} ms`);
  });

  it('131056 holds that recipient (replies too) for the pair gap; other recipients go', async () => {
    const { svc, org, clock } = await started(env);
    const channelId = await cloudChannel(svc, org, fake.url);
    const to = '5511900056001';
    fake.answerNext(to, 131056);
    const first = await sendText(svc, org, channelId, to, 'one');
    assert.equal(first.status, 201, first.text);
    assert.equal(first.json.data.status, 'pending');
    const held = await row(svc, first.json.data.id);
    assert.equal(held.held_reason, 'recipient_delayed');
    const waitMs = Date.parse(held.held_until!) - clock.now().getTime();
    assert.ok(waitMs > 5000 && waitMs <= 6000, `held ${waitMs} ms`);
    const second = await sendText(svc, org, channelId, to, 'two');
    assert.equal(second.json.data.status, 'pending');
    assert.equal((await row(svc, second.json.data.id)).held_reason, 'recipient_delayed');
    const other = await sendText(svc, org, channelId, '5511900056002', 'other');
    assert.equal(other.json.data.status, 'sent', 'another recipient is not delayed');
    await sleep(200);
    assert.equal(arrivedTo(to), 1);

    clock.advance(6000);
    assert.equal((await settledRow(svc, first.json.data.id)).status, 'sent');
    assert.equal((await settledRow(svc, second.json.data.id)).status, 'sent');
    assert.equal(fake.received.filter((r) => r.to === to).length, 2);
  });
});
