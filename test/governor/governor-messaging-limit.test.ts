/**
 * The portfolio's business-initiated budget and WhatsApp's 24-hour window at its edge (DESIGN.md
 * §10). Channels sharing `portfolioId` share `messagingLimit` 250: unique recipients of templates
 * sent outside their window, rolling 24 hours. Over it an API template send answers 429
 * MESSAGING_LIMIT with Retry-After (nothing stored), a bulk template waits. A customer who wrote
 * 23 h 59 min ago is inside the window (a free-form reply goes, a template does not count); at
 * 24 h 1 min they are outside (a free-form reply is 422, a template counts, so it is refused).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { TestClock } from '../../src/lib/clock.js';
import { startGovernedCloudFake, type GovernedCloudFake } from '../fakes/governed-cloud.fake.js';
import { cloudWebhook } from '../fakes/whatsapp-cloud.fake.js';
import { metaSigned } from '../fakes/provider-test-kit.js';
import { describeEachDatabase } from '../support/harness.js';
import { call } from '../chats/support.js';
import { post, waitFor } from '../messages/support.js';
import { approvedTemplate, cloudChannel, governorView, HOUR, row, sendTemplate, sendText, settledRow } from './support.js';

const MINUTE = 60_000;
const LIMIT = 250;
const PORTFOLIO = { portfolioId: 'portfolio-1', messagingLimit: LIMIT, maxPerSecond: 0, enforceWhatsAppWindow: true };

describeEachDatabase('governor: the messaging limit and the 24-hour window', (env) => {
  let fake: GovernedCloudFake;
  before(async () => {
    fake = await startGovernedCloudFake();
  });
  after(() => fake.close());

  it('250 business-initiated recipients a day: the 251st is 429 MESSAGING_LIMIT; the window edge decides what counts', async () => {
    const clock = new TestClock();
    const svc = await env.start({ listen: true, clock, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization();
    const channelId = await cloudChannel(svc, org, fake.url, PORTFOLIO);
    const sibling = await cloudChannel(svc, org, fake.url, PORTFOLIO);
    const template = await approvedTemplate(svc, org, channelId);
    await approvedTemplate(svc, org, sibling);

    // The customer writes (a signed Cloud API callback).
    const customer = '5511900900001';
    const inbound = cloudWebhook(
      {
        contacts: [{ profile: { name: 'Ana' }, wa_id: customer }],
        messages: [
          {
            from: customer,
            id: 'wamid.GOV-IN-1',
            timestamp: String(Math.floor(clock.now().getTime() / 1000)),
            type: 'text',
            text: { body: 'oi' },
          },
        ],
      },
      '109876500077',
    );
    const signed = metaSigned(inbound, 'app-secret');
    const received = await post(svc, `/channels/${channelId}/webhook`, signed.body, signed.headers);
    assert.equal(received.status, 200, received.text);
    const chat = await waitFor(
      () => svc.db.selectFrom('chats').selectAll().where('contact', '=', customer).executeTakeFirst(),
      (c) => c?.last_inbound_at != null,
    );
    const wrote = Date.parse(chat!.last_inbound_at!);

    clock.advance(wrote + 24 * HOUR - MINUTE - clock.now().getTime()); // 23 h 59 min after they wrote
    const firstAt = clock.now().getTime();
    for (let i = 0; i < LIMIT; i++) {
      const res = await sendTemplate(svc, org, channelId, `55119010${String(i).padStart(5, '0')}`);
      assert.equal(res.status, 201, res.text);
      assert.equal(res.json.data.status, 'sent');
    }
    const view = await governorView(svc, org, channelId, org.keyHeader);
    assert.deepEqual(view.json.data.budgets.portfolio, { id: 'portfolio-1', messagingLimit: LIMIT, usedLast24h: LIMIT });

    const over = await sendTemplate(svc, org, channelId, '5511902000001');
    assert.equal(over.status, 429, over.text);
    assert.equal(over.json.error.code, 'MESSAGING_LIMIT');
    const retryAfter = Number(over.headers.get('retry-after'));
    assert.ok(retryAfter > 24 * 3600 - 120 && retryAfter <= 24 * 3600, `Retry-After ${retryAfter}`);
    assert.equal((await svc.db.selectFrom('messages').select('id').where('recipient', '=', '5511902000001').execute()).length, 0);
    const viaSibling = await sendTemplate(svc, org, sibling, '5511902000002');
    assert.equal(viaSibling.status, 429, 'the portfolio shares the limit');
    const again = await sendTemplate(svc, org, channelId, '5511901000000');
    assert.equal(again.status, 201, 'a recipient already counted today costs nothing more');

    // 23 h 59 min: inside the window. A template does not count; a free-form reply goes.
    const insideTemplate = await sendTemplate(svc, org, channelId, customer);
    assert.equal(insideTemplate.status, 201, insideTemplate.text);
    const insideText = await sendText(svc, org, channelId, customer, 'still inside');
    assert.equal(insideText.status, 201, insideText.text);
    assert.equal(insideText.json.data.status, 'sent');

    clock.advance(2 * MINUTE); // 24 h 1 min: outside.
    const outsideText = await sendText(svc, org, channelId, customer, 'too late');
    assert.equal(outsideText.status, 422, outsideText.text);
    assert.equal(outsideText.json.error.code, 'WHATSAPP_WINDOW_CLOSED');
    const outsideTemplate = await sendTemplate(svc, org, channelId, customer);
    assert.equal(outsideTemplate.status, 429, 'outside the window a template counts, and the limit is reached');
    assert.equal(outsideTemplate.json.error.code, 'MESSAGING_LIMIT');

    // A bulk template (a follow-up) over the limit waits instead.
    const scheduled = await call(svc, 'POST', `/api/${org.organizationId}/chats/${chat!.id}/scheduled-messages`, org.keyHeader, {
      sendAt: new Date(clock.now().getTime() + MINUTE).toISOString(),
      templateId: template.id,
    });
    assert.equal(scheduled.status, 201, scheduled.text);
    clock.advance(MINUTE + 1000);
    const sched = await waitFor(
      () => svc.db.selectFrom('scheduled_messages').selectAll().where('id', '=', scheduled.json.data.id).executeTakeFirstOrThrow(),
      (r) => r.message_id !== null,
    );
    const held = await waitFor(
      () => row(svc, sched.message_id!),
      (r) => r.held_until !== null,
    );
    assert.equal(held.status, 'pending');
    assert.equal(held.held_reason, 'messaging_limit');
    assert.ok(
      Math.abs(Date.parse(held.held_until!) - (firstAt + 24 * HOUR)) < 5000,
      'until the first counted recipient leaves the 24 hours',
    );

    clock.advance(firstAt + 24 * HOUR + 1000 - clock.now().getTime());
    assert.equal((await settledRow(svc, sched.message_id!)).status, 'sent', 'released when the rolling window frees a place');
    const later = await sendTemplate(svc, org, channelId, '5511902000003');
    assert.equal(later.status, 201, later.text);
  });
});
