import assert from 'node:assert/strict';
import { afterEach, it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { WebhookReceiver } from '../fakes/webhook-receiver.js';
import { eventually, register, webhooksSettled } from './support.js';

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

describeEachDatabase('send → webhook, end to end over HTTP', (env) => {
  it('a message sent on a sandbox channel reaches the receiver as sent, delivered, read, in the order recorded, once each', async () => {
    const svc = await env.start({ listen: true, env: { WEBHOOK_RETRY_SCHEDULE_MS: '50,100' }, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization({ channelConfig: { deliverAfterMs: 50, readAfterMs: 150 } });
    const hook = await WebhookReceiver.start();
    receivers.push(hook);
    await register(svc, org, hook, { events: ['message.status_updated'] });

    const sends = await Promise.all(
      ['+5511987650001', '+5511987650002', '+5511987650003'].map(async (to) => {
        const res = await fetch(`${svc.url}/v1/messages/send`, {
          method: 'POST',
          headers: { ...org.bearer, 'content-type': 'application/json' },
          body: JSON.stringify({ channel_id: org.channels.whatsapp_official, to, type: 'text', content: { text: 'Hello' } }),
        });
        assert.equal(res.status, 201);
        return ((await res.json()) as { data: { id: string; status: string } }).data;
      }),
    );
    // Every status change the event log holds must reach the receiver (a late `delivered` after `read` is
    // rightly never recorded, so compare with the log rather than assume all three).
    const recorded = await eventually(
      async () => {
        const rows = await svc.db
          .selectFrom('events')
          .select(['id', 'payload'])
          .where('organization_id', '=', org.organizationId)
          .where('type', '=', 'message.status_updated')
          .orderBy('seq')
          .execute();
        const reads = rows.filter((r) => JSON.parse(r.payload).status === 'read').length;
        return reads === sends.length ? rows : undefined;
      },
      10_000,
      'every message read',
    );
    await hook.waitFor(recorded.length);
    await webhooksSettled(svc, org.organizationId);
    assert.deepEqual(hook.received.map((r) => r.webhookId).sort(), recorded.map((r) => r.id).sort(), 'every recorded event, once');
    assert.ok(recorded.length >= sends.length * 2);
    assert.ok(
      hook.received.every((r) => r.valid),
      'every signature verifies',
    );
    const ids = hook.received.map((r) => r.webhookId);
    assert.equal(new Set(ids).size, ids.length, 'each event once');
    for (const message of sends) {
      const got = hook.received.filter((r) => r.body.data.message_id === message.id);
      const inLog = recorded.filter((r) => JSON.parse(r.payload).message_id === message.id).map((r) => r.id);
      assert.deepEqual(
        got.map((r) => r.webhookId),
        inLog,
        `events of ${message.id} in the order they were recorded`,
      );
      assert.deepEqual(
        got.map((r) => r.body.data.status).filter((s) => s !== 'delivered'),
        ['sent', 'read'],
      );
      for (const r of got) {
        assert.deepEqual(Object.keys(r.body), ['event', 'data']);
        assert.equal(r.body.event, 'message.status_updated');
        assert.deepEqual(Object.keys(r.body.data).sort(), ['message_id', 'status', 'timestamp']);
        assert.ok(!Number.isNaN(Date.parse(r.body.data.timestamp as string)));
      }
    }
  });
});
