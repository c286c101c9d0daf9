import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { checkOutboundUrl, forbiddenRange } from '../../src/http/outbound.js';
import { describeEachDatabase, json } from '../support/harness.js';
import { WebhookReceiver } from '../fakes/webhook-receiver.js';
import { deliveries, eventually, recordEvent, startFast } from './support.js';

describe('outbound address rule', () => {
  it('refuses every non-public range and allows public unicast', () => {
    const refused = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:192.168.0.1',
    ];
    for (const ip of refused) assert.ok(forbiddenRange(ip), `${ip} must be refused`);
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) assert.equal(forbiddenRange(ip), undefined, ip);
  });

  it('checks literal IPs in URLs unless private networks are allowed', () => {
    assert.throws(() => checkOutboundUrl('http://127.0.0.1:8080/x', false), /loopback/);
    assert.throws(() => checkOutboundUrl('http://[::1]/x', false), /loopback/);
    assert.throws(() => checkOutboundUrl('http://169.254.169.254/latest', false), /linkLocal/);
    assert.doesNotThrow(() => checkOutboundUrl('http://127.0.0.1:8080/x', true));
    assert.doesNotThrow(() => checkOutboundUrl('https://localhost/x', false), 'host names are judged on their resolved address');
  });
});

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

describeEachDatabase('webhooks to private networks', (env) => {
  it('refuses a literal private IP at registration when private networks are not allowed', async () => {
    const svc = await startFast(env, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' });
    const org = await svc.seedOrganization();
    const hook = await WebhookReceiver.start();
    receivers.push(hook);
    const res = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/webhooks`,
      headers: org.keyHeader,
      payload: { url: hook.url },
    });
    assert.equal(res.statusCode, 400);
    assert.equal(json(res).error.details[0].field, 'url');
    assert.match(json(res).error.details[0].message, /127\.0\.0\.1 is a loopback address/);
    const admin = await svc.admin('POST', `/organizations/${org.organizationId}/webhooks`, { url: 'http://10.0.0.5/hook' });
    assert.equal(admin.statusCode, 400);
    const mapped = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/webhooks`,
      headers: org.keyHeader,
      payload: { url: 'http://[::ffff:127.0.0.1]:8080/x' },
    });
    assert.equal(mapped.statusCode, 400, 'IPv4-mapped IPv6 is judged as the IPv4 address');

    const ok = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/webhooks`,
      headers: org.keyHeader,
      payload: { url: 'https://hooks.example.com/x' },
    });
    assert.equal(ok.statusCode, 201);
    const moved = await svc.inject({
      method: 'PATCH',
      url: `/api/${org.organizationId}/webhooks/${json(ok).data.id}`,
      headers: org.keyHeader,
      payload: { url: 'http://169.254.169.254/latest/meta-data' },
    });
    assert.equal(moved.statusCode, 400, 'an update is checked too');
    const row = await svc.db.selectFrom('webhook_endpoints').select('url').where('id', '=', json(ok).data.id).executeTakeFirstOrThrow();
    assert.equal(row.url, 'https://hooks.example.com/x', 'nothing changed');
  });

  it('refuses at delivery a host name that resolves to a private address, recorded as a failed attempt', async () => {
    const svc = await startFast(env, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' });
    const org = await svc.seedOrganization();
    const hook = await WebhookReceiver.start();
    receivers.push(hook);
    const res = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/webhooks`,
      headers: org.keyHeader,
      payload: { url: hook.localhostUrl },
    });
    assert.equal(res.statusCode, 201, 'a host name is accepted at registration');
    const endpointId = json(res).data.id;
    await recordEvent(svc, org.organizationId, 'customer.created', { customer_id: 'c' });
    const [delivery] = (
      await eventually(async () => {
        const page = await deliveries(svc, org, endpointId);
        return page.data[0]?.status === 'failed' ? page : undefined;
      })
    ).data;
    assert.equal(delivery.attempts[0].statusCode, null);
    assert.match(delivery.attempts[0].error, /^blocked: localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    assert.equal(hook.received.length, 0, 'the receiver was never reached');
  });

  it('delivers to the same receiver when private networks are allowed', async () => {
    const svc = await startFast(env, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
    const org = await svc.seedOrganization();
    const hook = await WebhookReceiver.start();
    receivers.push(hook);
    const res = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/webhooks`,
      headers: org.keyHeader,
      payload: { url: hook.localhostUrl },
    });
    hook.secret = json(res).data.secret;
    await recordEvent(svc, org.organizationId, 'customer.created', { customer_id: 'c' });
    await hook.waitFor(1);
    assert.ok(hook.received[0].valid);
  });
});
