import assert from 'node:assert/strict';
import { afterEach, it } from 'node:test';
import { describeEachDatabase, json } from '../support/harness.js';
import { WebhookReceiver } from '../fakes/webhook-receiver.js';
import { eventually, deliveries, recordEvent, register, startFast } from './support.js';

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

describeEachDatabase('webhooks and events across organizations', (env) => {
  it("gives another organization's key nothing of the first one's endpoints, deliveries or events", async () => {
    const svc = await startFast(env);
    const a = await svc.seedOrganization({ name: 'A' });
    const b = await svc.seedOrganization({ name: 'B' });
    const hook = await WebhookReceiver.start();
    receivers.push(hook);
    const endpoint = await register(svc, a, hook);
    await recordEvent(svc, a.organizationId, 'customer.created', { customer_id: 'secret-customer' });
    await hook.waitFor(1);
    const [delivery] = (
      await eventually(async () => {
        const page = await deliveries(svc, a, endpoint.id);
        return page.data[0]?.status === 'delivered' ? page : undefined;
      })
    ).data;

    // B's key on A's paths: not a member → 403.
    const onA = `/api/${a.organizationId}`;
    for (const [method, url, payload] of [
      ['GET', `${onA}/webhooks`],
      ['GET', `${onA}/webhooks/${endpoint.id}`],
      ['PATCH', `${onA}/webhooks/${endpoint.id}`, { enabled: false }],
      ['DELETE', `${onA}/webhooks/${endpoint.id}`],
      ['GET', `${onA}/webhooks/${endpoint.id}/deliveries`],
      ['POST', `${onA}/webhooks/${endpoint.id}/deliveries/${delivery.id}/retry`],
      ['GET', `${onA}/events`],
    ] as const) {
      const res = await svc.inject({ method, url, headers: b.keyHeader, payload: payload as never });
      assert.equal(res.statusCode, 403, `${method} ${url}`);
    }
    // B's key on B's own paths with A's ids: as if they did not exist → 404.
    const onB = `/api/${b.organizationId}`;
    for (const [method, url, payload] of [
      ['GET', `${onB}/webhooks/${endpoint.id}`],
      ['PATCH', `${onB}/webhooks/${endpoint.id}`, { url: 'https://evil.example.com' }],
      ['DELETE', `${onB}/webhooks/${endpoint.id}`],
      ['GET', `${onB}/webhooks/${endpoint.id}/deliveries`],
      ['POST', `${onB}/webhooks/${endpoint.id}/deliveries/${delivery.id}/retry`],
    ] as const) {
      const res = await svc.inject({ method, url, headers: b.keyHeader, payload: payload as never });
      assert.equal(res.statusCode, 404, `${method} ${url}`);
    }
    // A delivery of A's under an endpoint of B's is not found either.
    const own = await svc.inject({
      method: 'POST',
      url: `${onB}/webhooks`,
      headers: b.keyHeader,
      payload: { url: 'https://b.example.com/hook', enabled: false },
    });
    const crossed = await svc.inject({
      method: 'POST',
      url: `${onB}/webhooks/${json(own).data.id}/deliveries/${delivery.id}/retry`,
      headers: b.keyHeader,
    });
    assert.equal(crossed.statusCode, 404);
    assert.deepEqual(
      json(await svc.inject({ method: 'GET', url: `${onB}/webhooks`, headers: b.keyHeader })).data.map((e: { id: string }) => e.id),
      [json(own).data.id],
    );
    assert.deepEqual(
      json(await svc.inject({ method: 'GET', url: `${onB}/events`, headers: b.keyHeader })).data,
      [],
      "B sees none of A's events",
    );

    // Nothing of A's changed, and the replay attempts never happened.
    const after = await svc.inject({ method: 'GET', url: `${onA}/webhooks/${endpoint.id}`, headers: a.keyHeader });
    assert.equal(json(after).data.enabled, true);
    assert.equal(json(after).data.url, endpoint.url);
    assert.equal(hook.received.length, 1);
  });
});
