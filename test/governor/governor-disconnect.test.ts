/**
 * A gateway channel whose health is `disconnected` holds its bulk traffic (DESIGN.md §10, governor
 * "Provider signals"): a campaign's messages wait `pending` with held reason `disconnected`, a
 * conversational send is refused at once (CHANNEL_DISCONNECTED) rather than held, and when the channel reports `ok` again the held messages go at
 * the next look (every minute). Time is a TestClock; the channel is the sandbox Z-API channel.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { call } from '../chats/support.js';
import { post, waitFor } from '../messages/support.js';
import { started } from '../scheduled-messages/support.js';

describeEachDatabase('governor: a disconnected gateway holds bulk traffic', (env) => {
  it('campaign messages wait while disconnected and go when it reconnects', async () => {
    const { svc, org, clock } = await started(env);
    const channelId = org.channels.whatsapp_zapi;
    const health = async (status: string) => {
      const res = await post(svc, `/channels/${channelId}/webhook`, { event: 'health', status });
      assert.equal(res.status, 200, res.text);
      await waitFor(
        () => svc.db.selectFrom('channels').select('health').where('id', '=', channelId).executeTakeFirstOrThrow(),
        (r) => r.health === status,
      );
    };
    const customerIds: string[] = [];
    for (const phone of ['5511987656001', '5511987656002', '5511987656003']) {
      const c = await call(svc, 'POST', `/api/${org.organizationId}/customers`, org.keyHeader, {
        name: `C ${phone}`,
        contacts: [{ type: 'whatsapp', value: phone }],
      });
      customerIds.push(c.json.data.id);
    }
    await health('disconnected');
    const base = `/api/${org.organizationId}/campaigns`;
    const created = await call(svc, 'POST', base, org.keyHeader, {
      name: 'Held',
      channelId,
      audience: { customerIds },
      message: { type: 'text', content: { text: 'promo' } },
    });
    const id = created.json.data.id as string;
    assert.equal((await call(svc, 'POST', `${base}/${id}/start`, org.keyHeader, {})).status, 200);

    const held = await waitFor(
      () => svc.db.selectFrom('messages').select(['status', 'held_reason']).where('campaign_id', '=', id).execute(),
      (rows) => rows.length === 3 && rows.every((r) => r.held_reason === 'disconnected'),
    );
    assert.ok(
      held.every((r) => r.status === 'pending'),
      'held, not failed',
    );
    const counts = (await call(svc, 'GET', `${base}/${id}`, org.keyHeader)).json.data.counts;
    assert.equal(counts.queued, 3, 'the campaign counts them queued while held');
    const reply = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channelId, to: '5511987656009', type: 'text', content: { text: 'a reply' } },
      org.bearer,
    );
    // A conversational send is not held: it is refused at once, so the agent knows (messaging.md).
    assert.equal(reply.json.error?.code, 'CHANNEL_DISCONNECTED', reply.text);

    // Still disconnected at the next look: still held.
    clock.advance(61_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const still = await svc.db.selectFrom('messages').select('status').where('campaign_id', '=', id).execute();
    assert.ok(
      still.every((r) => r.status === 'pending'),
      'still held while disconnected',
    );

    await health('ok');
    clock.advance(61_000);
    const sent = await waitFor(
      () => svc.db.selectFrom('messages').select('status').where('campaign_id', '=', id).execute(),
      (rows) => rows.every((r) => r.status === 'sent'),
      10_000,
    );
    assert.equal(sent.length, 3);
    const done = await waitFor(
      async () => (await call(svc, 'GET', `${base}/${id}`, org.keyHeader)).json.data,
      (c) => c.status === 'completed' && c.counts.sent === 3,
    );
    assert.equal(done.counts.queued, 0);
  });
});
