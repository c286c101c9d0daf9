import assert from 'node:assert/strict';
import dns from 'node:dns';
import { afterEach, describe, it, mock } from 'node:test';
import { checkOutboundUrl, forbiddenRange, guardedLookup, guardedLookupFor, type OutboundBlockedError } from '../../src/http/outbound.js';
import { describeEachDatabase, json } from '../support/harness.js';
import { WebhookReceiver } from '../fakes/webhook-receiver.js';
import { deliveries, eventually, recordEvent, startFast, webhooksSettled } from './support.js';

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
    assert.throws(() => checkOutboundUrl('http://127.0.0.1:8080/x', false), { detail: /loopback/ });
    assert.throws(() => checkOutboundUrl('http://[::1]/x', false), { detail: /loopback/ });
    assert.throws(() => checkOutboundUrl('http://169.254.169.254/latest', false), { detail: /linkLocal/ });
    assert.doesNotThrow(() => checkOutboundUrl('http://127.0.0.1:8080/x', true));
    assert.doesNotThrow(() => checkOutboundUrl('https://localhost/x', false), 'host names are judged on their resolved address');
  });

  it("lets loopback addresses alone through under 'loopback' (WEBHOOK_ALLOW_PRIVATE_NETWORKS=loopback), by literal IP and by name", async () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) assert.equal(forbiddenRange(ip, 'loopback'), undefined, ip);
    for (const ip of ['10.1.2.3', '192.168.1.1', '169.254.169.254', 'fd12:3456::1', '0.0.0.0'])
      assert.ok(forbiddenRange(ip, 'loopback'), ip);
    assert.doesNotThrow(() => checkOutboundUrl('http://127.0.0.1:3000/dev/inspector', 'loopback'));
    assert.doesNotThrow(() => checkOutboundUrl('http://[::1]:3000/x', 'loopback'));
    assert.throws(() => checkOutboundUrl('http://192.168.1.1/x', 'loopback'), { detail: /private/ });
    assert.throws(() => checkOutboundUrl('http://169.254.169.254/latest', 'loopback'), { detail: /linkLocal/ });
    const lookup = (access: 'loopback' | false, hostname: string) =>
      new Promise<{ err: (Error & { code?: string }) | null; address: unknown }>((resolve) =>
        guardedLookupFor(access)(hostname, {}, (err, address) => resolve({ err, address })),
      );
    const fake = mock.method(dns, 'lookup', ((host: string, _options: unknown, callback: (...args: unknown[]) => void) =>
      callback(null, [{ address: host === 'localhost' ? '127.0.0.1' : '10.0.0.5', family: 4 }])) as never);
    try {
      assert.equal((await lookup('loopback', 'localhost')).address, '127.0.0.1');
      assert.equal((await lookup(false, 'localhost')).err?.code, 'EOUTBOUNDBLOCKED');
      assert.equal((await lookup('loopback', 'intranet.example')).err?.code, 'EOUTBOUNDBLOCKED');
    } finally {
      fake.mock.restore();
    }
  });

  it('refuses a host name resolving to both public and private addresses, whichever comes first', async () => {
    const lookup = (hostname: string, options: dns.LookupOptions) =>
      new Promise<{ err: (Error & { code?: string }) | null; address: unknown }>((resolve) =>
        guardedLookup(hostname, options, (err, address) => resolve({ err, address })),
      );
    for (const answer of [
      ['93.184.216.34', '10.0.0.5'],
      ['10.0.0.5', '93.184.216.34'],
      ['2606:2800:220:1::1', 'fd00::5'],
    ]) {
      const fake = mock.method(dns, 'lookup', ((_host: string, _options: unknown, callback: (...args: unknown[]) => void) =>
        callback(
          null,
          answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        )) as never);
      try {
        for (const options of [{}, { all: true }]) {
          const { err, address } = await lookup('mixed.example.com', options);
          assert.equal(err?.code, 'EOUTBOUNDBLOCKED', `${answer.join(', ')} must be refused`);
          assert.equal(err!.message, 'the address is not allowed');
          assert.match(
            (err as OutboundBlockedError).detail,
            new RegExp(`mixed\\.example\\.com resolves to ${answer.find((a) => forbiddenRange(a))!.replace(/\./g, '\\.')}, a`),
          );
          assert.deepEqual(address, [], 'no address is handed to the socket');
        }
      } finally {
        fake.mock.restore();
      }
    }
    const fake = mock.method(dns, 'lookup', ((_host: string, _options: unknown, callback: (...args: unknown[]) => void) =>
      callback(null, [
        { address: '93.184.216.34', family: 4 },
        { address: '93.184.216.35', family: 4 },
      ])) as never);
    try {
      const { err, address } = await lookup('public.example.com', {});
      assert.equal(err, null, 'all public: allowed');
      assert.equal(address, '93.184.216.34');
    } finally {
      fake.mock.restore();
    }
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
    assert.equal(json(res).error.details[0].message, 'the address is not allowed');
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
    assert.equal(delivery.attempts[0].error, 'blocked: the address is not allowed', 'what the name resolved to is not told');
    assert.equal(hook.received.length, 0, 'the receiver was never reached');
  });

  it('refuses at delivery a literal private IP stored while private networks were allowed', async () => {
    const svc = await startFast(env, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' });
    const org = await svc.seedOrganization();
    const hook = await WebhookReceiver.start();
    receivers.push(hook);
    const res = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/webhooks`,
      headers: org.keyHeader,
      payload: { url: 'https://hooks.example.com/x' },
    });
    assert.equal(res.statusCode, 201);
    const endpointId = json(res).data.id;
    // Stored under the earlier setting (private networks allowed): the literal loopback address stays in the row.
    await svc.db.updateTable('webhook_endpoints').set({ url: hook.url }).where('id', '=', endpointId).execute();
    assert.match(hook.url, /^http:\/\/127\.0\.0\.1:/);
    await recordEvent(svc, org.organizationId, 'customer.created', { customer_id: 'c' });
    const [delivery] = (
      await eventually(async () => {
        const page = await deliveries(svc, org, endpointId);
        return page.data[0]?.status === 'failed' ? page : undefined;
      })
    ).data;
    assert.equal(delivery.attempts[0].statusCode, null);
    assert.equal(delivery.attempts[0].error, 'blocked: the address is not allowed');
    await webhooksSettled(svc, org.organizationId);
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
    assert.ok(hook.received[0]!.valid);
  });
});
