/**
 * A gateway's time-lock or cap (WAHA answers 463) pauses the channel's bulk traffic (DESIGN.md §10):
 * the scheduled (bulk) message that met it is held, not failed, for the pause; a conversational
 * reply still goes; the governor's view shows the signal and the pause; when it ends the bulk
 * message goes. Time is a TestClock.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { TestClock } from '../../src/lib/clock.js';
import { startWahaFake, type WahaFake } from '../fakes/waha.fake.js';
import { describeEachDatabase } from '../support/harness.js';
import { call } from '../chats/support.js';
import { post, waitFor } from '../messages/support.js';
import { governorView, row, settledRow } from './support.js';

const PAUSE_MS = 30 * 60_000;

describeEachDatabase('governor: a gateway pause', (env) => {
  let waha: WahaFake;
  before(async () => {
    waha = await startWahaFake({ apiKey: 'waha-gov' });
  });
  after(() => waha.close());

  it('WAHA 463 holds bulk traffic for the pause; replies go; then the bulk message goes', async () => {
    const clock = new TestClock();
    const svc = await env.start({ listen: true, clock, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization();
    const created = await svc.admin('POST', `/organizations/${org.organizationId}/channels`, {
      kind: 'whatsapp_waha',
      name: 'WAHA',
      config: { baseUrl: waha.url, apiKey: 'waha-gov', allowPrivateBaseUrl: true },
      settings: { maxPerSecond: 1000 },
    });
    assert.equal(created.statusCode, 201, created.body);
    const channelId = created.json().data.id as string;
    const send = (text: string) =>
      post(svc, '/v1/messages/send', { channel_id: channelId, to: '5511900463001', type: 'text', content: { text } }, org.bearer);
    const opened = await send('hello');
    assert.equal(opened.json.data.status, 'sent', opened.text);

    const scheduled = await call(
      svc,
      'POST',
      `/api/${org.organizationId}/chats/${opened.json.data.chat_id}/scheduled-messages`,
      org.keyHeader,
      {
        sendAt: new Date(clock.now().getTime() + 60_000).toISOString(),
        type: 'text',
        content: { text: 'follow-up' },
      },
    );
    assert.equal(scheduled.status, 201, scheduled.text);
    waha.failNext({ status: 463, body: { message: 'Too many new chats: the number is time-locked' } });
    clock.advance(61_000);
    const sched = await waitFor(
      () => svc.db.selectFrom('scheduled_messages').selectAll().where('id', '=', scheduled.json.data.id).executeTakeFirstOrThrow(),
      (r) => r.message_id !== null,
    );
    const held = await waitFor(
      () => row(svc, sched.message_id!),
      (r) => r.held_reason === 'paused',
    );
    assert.equal(held.status, 'pending', 'held, not failed');
    const view = await governorView(svc, org, channelId, org.keyHeader);
    assert.equal(view.json.data.signal.code, '463');
    assert.ok(view.json.data.bulkPausedUntil);

    const reply = await send('a reply during the pause');
    assert.equal(reply.json.data.status, 'sent', 'conversational traffic is not paused');

    clock.advance(PAUSE_MS);
    assert.equal((await settledRow(svc, sched.message_id!)).status, 'sent', 'the pause ended');
  });
});
