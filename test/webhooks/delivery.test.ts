import assert from 'node:assert/strict';
import { afterEach, it } from 'node:test';
import { describeEachDatabase, json } from '../support/harness.js';
import { WebhookReceiver } from '../fakes/webhook-receiver.js';
import { deliveries, eventually, recordEvent, register, startFast, webhooksSettled } from './support.js';

const receivers: WebhookReceiver[] = [];
async function receiver(options: Parameters<typeof WebhookReceiver.start>[0] = {}) {
  const r = await WebhookReceiver.start(options);
  receivers.push(r);
  return r;
}
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

describeEachDatabase('webhook delivery', (env) => {
  it('delivers each event once, signed, with webhook-id = event id and the spec shape for message.status_updated', async () => {
    const svc = await startFast(env);
    const org = await svc.seedOrganization();
    const hook = await receiver();
    const endpoint = await register(svc, org, hook);
    const event = await recordEvent(svc, org.organizationId, 'message.status_updated', {
      message_id: 'msg-1',
      status: 'delivered',
      timestamp: '2026-01-01T00:00:00.000Z',
      chat_id: 'kept in the log, not in the webhook',
    });
    const other = await recordEvent(svc, org.organizationId, 'customer.created', { customer_id: 'c-1', name: 'Ana' });
    await hook.waitFor(2);
    await webhooksSettled(svc, org.organizationId);
    assert.equal(hook.received.length, 2, 'exactly once per event');
    assert.ok(
      hook.received.every((r) => r.valid),
      'signatures verify with standardwebhooks',
    );
    const status = hook.received.find((r) => r.webhookId === event.id)!;
    assert.deepEqual(status.body, {
      event: 'message.status_updated',
      data: { message_id: 'msg-1', status: 'delivered', timestamp: '2026-01-01T00:00:00.000Z' },
    });
    const created = hook.received.find((r) => r.webhookId === other.id)!;
    assert.deepEqual(created.body, { event: 'customer.created', data: { customer_id: 'c-1', name: 'Ana' } });
    assert.equal(status.headers['content-type'], 'application/json');

    const log = await eventually(async () => {
      const page = await deliveries(svc, org, endpoint.id);
      return page.data.every((d) => d.status === 'delivered') && page.data.length === 2 ? page : undefined;
    });
    const row = log.data.find((d) => d.eventId === event.id);
    assert.equal(row.attemptCount, 1);
    assert.equal(row.attempts[0].statusCode, 200);
    assert.equal(row.attempts[0].responseExcerpt, 'answer 200');
    assert.ok(row.attempts[0].latencyMs >= 0);
  });

  it('retries a receiver that answers 500 twice, then 200, with the same webhook-id', async () => {
    const svc = await startFast(env);
    const org = await svc.seedOrganization();
    const hook = await receiver({ script: [500, 500] });
    const endpoint = await register(svc, org, hook);
    const event = await recordEvent(svc, org.organizationId, 'message.status_updated', {
      message_id: 'm',
      status: 'sent',
      timestamp: new Date().toISOString(),
    });
    await hook.waitFor(3);
    assert.deepEqual(
      hook.received.map((r) => r.webhookId),
      [event.id, event.id, event.id],
    );
    assert.deepEqual(
      hook.received.map((r) => r.answeredWith),
      [500, 500, 200],
    );
    assert.ok(hook.received.every((r) => r.valid));
    const [delivery] = (
      await eventually(async () => {
        const page = await deliveries(svc, org, endpoint.id);
        return page.data[0]?.status === 'delivered' ? page : undefined;
      })
    ).data;
    assert.equal(delivery.attemptCount, 3);
    assert.deepEqual(
      delivery.attempts.map((a: { statusCode: number }) => a.statusCode),
      [200, 500, 500],
      'newest first',
    );
    assert.equal(delivery.attempts[1].error, 'HTTP 500');
  });

  it('keeps the first KB of the answer, even a binary one', async () => {
    const svc = await startFast(env);
    const org = await svc.seedOrganization();
    const hook = await receiver({ body: '\u0000' + 'x'.repeat(5000) });
    const endpoint = await register(svc, org, hook);
    await recordEvent(svc, org.organizationId, 'customer.updated', { customer_id: 'c' });
    const [delivery] = (
      await eventually(async () => {
        const page = await deliveries(svc, org, endpoint.id);
        return page.data[0]?.status === 'delivered' ? page : undefined;
      })
    ).data;
    const excerpt: string = delivery.attempts[0].responseExcerpt;
    assert.equal(Buffer.byteLength(excerpt.slice(1)), 1023, '1 KB kept');
    assert.ok(!excerpt.includes('\u0000'));
  });

  it('marks a delivery failed once the retry schedule is spent', async () => {
    const svc = await startFast(env);
    const org = await svc.seedOrganization();
    const hook = await receiver({ status: 503 });
    const endpoint = await register(svc, org, hook);
    await recordEvent(svc, org.organizationId, 'customer.updated', { customer_id: 'c' });
    const [delivery] = (
      await eventually(async () => {
        const page = await deliveries(svc, org, endpoint.id);
        return page.data[0]?.status === 'failed' ? page : undefined;
      })
    ).data;
    assert.equal(delivery.attemptCount, 3, 'one attempt plus one per schedule entry');
    assert.equal(hook.received.length, 3);
    assert.equal(delivery.nextAttemptAt, null);
    assert.equal(delivery.lastStatusCode, 503);
  });

  it('disables the endpoint when the receiver answers 410, and stops', async () => {
    const svc = await startFast(env);
    const org = await svc.seedOrganization();
    const hook = await receiver({ status: 410 });
    const endpoint = await register(svc, org, hook);
    await recordEvent(svc, org.organizationId, 'customer.updated', { customer_id: 'c' });
    await eventually(async () => {
      const res = await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/webhooks/${endpoint.id}`, headers: org.keyHeader });
      return json(res).data.enabled === false ? json(res).data : undefined;
    }).then((data) => assert.match(data.disabledReason, /410/));
    const [delivery] = (await deliveries(svc, org, endpoint.id)).data;
    assert.equal(delivery.status, 'failed');
    assert.equal(delivery.attemptCount, 1, '410 is not retried');
    await recordEvent(svc, org.organizationId, 'customer.updated', { customer_id: 'c' });
    await webhooksSettled(svc, org.organizationId);
    assert.equal(hook.received.length, 1, 'a disabled endpoint gets nothing more');
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    const svc = await startFast(env);
    const org = await svc.seedOrganization();
    const hook = await receiver({ status: 302, headers: { location: '/elsewhere' } });
    const endpoint = await register(svc, org, hook);
    await recordEvent(svc, org.organizationId, 'customer.updated', { customer_id: 'c' });
    const [delivery] = (
      await eventually(async () => {
        const page = await deliveries(svc, org, endpoint.id);
        return page.data[0]?.status === 'failed' ? page : undefined;
      })
    ).data;
    assert.match(delivery.lastError, /redirect to \/elsewhere not followed/);
    assert.equal(hook.received.length, 3, 'three attempts at the endpoint, none at the redirect target (same server)');
  });

  it('sends each endpoint only the events its filter matches', async () => {
    const svc = await startFast(env);
    const org = await svc.seedOrganization();
    const customers = await receiver();
    const statuses = await receiver();
    const everything = await receiver();
    await register(svc, org, customers, { events: ['customer.*'] });
    await register(svc, org, statuses, { events: ['message.status_updated'] });
    await register(svc, org, everything, { events: [] });
    await recordEvent(svc, org.organizationId, 'customer.created', { customer_id: 'c' });
    await recordEvent(svc, org.organizationId, 'message.status_updated', {
      message_id: 'm',
      status: 'sent',
      timestamp: new Date().toISOString(),
    });
    await recordEvent(svc, org.organizationId, 'message.received', { message_id: 'm2' });
    await everything.waitFor(3);
    await customers.waitFor(1);
    await statuses.waitFor(1);
    await webhooksSettled(svc, org.organizationId);
    assert.deepEqual(
      customers.received.map((r) => r.body.event),
      ['customer.created'],
    );
    assert.deepEqual(
      statuses.received.map((r) => r.body.event),
      ['message.status_updated'],
    );
    assert.deepEqual(everything.received.map((r) => r.body.event).sort(), [
      'customer.created',
      'message.received',
      'message.status_updated',
    ]);
  });

  it("sends one message's statuses one after the other, in order, even when they are recorded at once", async () => {
    const svc = await startFast(env);
    const org = await svc.seedOrganization();
    // Each answer takes 200 ms, so two sends overlap even when a loaded machine starts them apart.
    const hook = await receiver({ delayMs: 200 });
    await register(svc, org, hook);
    const messages = Array.from({ length: 5 }, (_, i) => `m${i}`);
    const order = ['sent', 'delivered', 'read'] as const;
    // One transaction: every job is runnable at once, so without the ordering rule they race.
    await svc.db.transaction().execute(async (trx) => {
      for (const message_id of messages) {
        for (const status of order) {
          await svc.deps.events.record(trx, {
            organizationId: org.organizationId,
            type: 'message.status_updated',
            data: { message_id, status, timestamp: new Date().toISOString() },
          });
        }
      }
    });
    await hook.waitFor(messages.length * order.length);
    for (const message of messages) {
      const seen = hook.received.filter((r) => r.body.data.message_id === message);
      assert.deepEqual(
        seen.map((r) => r.body.data.status),
        order,
        `statuses of ${message} in order`,
      );
      for (let i = 1; i < seen.length; i++) {
        assert.ok(
          seen[i]!.arrivedAt >= seen[i - 1]!.answeredAt!,
          `${message}: ${order[i]} was sent only after ${order[i - 1]} was answered`,
        );
      }
    }
    // Different messages are not held back by each other: the first statuses went out together.
    const firsts = hook.received.filter((r) => r.body.data.status === 'sent').sort((a, b) => a.arrivedAt - b.arrivedAt);
    assert.ok(
      firsts.some((later, i) => i > 0 && later.arrivedAt < firsts[i - 1]!.answeredAt!),
      'sent statuses of different messages were in flight together',
    );
  });

  it('lists deliveries newest first with a cursor, and replays one with the same webhook-id', async () => {
    const svc = await startFast(env);
    const org = await svc.seedOrganization();
    const hook = await receiver();
    const endpoint = await register(svc, org, hook);
    const first = await recordEvent(svc, org.organizationId, 'customer.created', { customer_id: 'a' });
    const second = await recordEvent(svc, org.organizationId, 'customer.created', { customer_id: 'b' });
    await hook.waitFor(2);
    const page1 = await deliveries(svc, org, endpoint.id, '?limit=1');
    assert.equal(page1.data.length, 1);
    assert.equal(page1.data[0].eventId, second.id, 'newest first');
    assert.ok(page1.nextCursor);
    const page2 = await deliveries(svc, org, endpoint.id, `?limit=1&cursor=${page1.nextCursor}`);
    assert.equal(page2.data[0].eventId, first.id);
    assert.equal(page2.nextCursor, null);

    const deliveryId = page2.data[0].id;
    await eventually(async () => (await deliveries(svc, org, endpoint.id)).data.every((d) => d.status === 'delivered'));
    const replay = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/webhooks/${endpoint.id}/deliveries/${deliveryId}/retry`,
      headers: org.keyHeader,
    });
    assert.equal(replay.statusCode, 200);
    assert.equal(json(replay).data.attempt.statusCode, 200);
    assert.equal(json(replay).data.delivery.attemptCount, 2);
    assert.equal(hook.received.length, 3);
    assert.equal(hook.received[2]!.webhookId, first.id, 'a replay keeps the webhook-id');
    assert.ok(hook.received[2]!.valid);

    const onlyFailed = await deliveries(svc, org, endpoint.id, '?status=failed');
    assert.deepEqual(onlyFailed.data, []);
    const badLimit = await svc.inject({
      method: 'GET',
      url: `/api/${org.organizationId}/webhooks/${endpoint.id}/deliveries?limit=0`,
      headers: org.keyHeader,
    });
    assert.equal(badLimit.statusCode, 400);

    const missing = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/webhooks/${endpoint.id}/deliveries/0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f/retry`,
      headers: org.keyHeader,
    });
    assert.equal(missing.statusCode, 404);
    assert.equal(json(missing).error.code, 'DELIVERY_NOT_FOUND');
  });
});
