/**
 * Inbound callbacks are authenticated and bounded (issue "Hardening", item 3): a real channel's
 * callback must carry its provider's signature or, for providers that sign nothing, the channel's
 * callback secret (401 and nothing stored otherwise); Meta events naming another number or page
 * never reach this channel's chats; the route has a body limit (413) and a per-channel rate limit (429).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json, type TestService } from '../support/harness.js';
import { post, waitFor } from '../messages/support.js';
import { metaSigned } from '../fakes/provider-test-kit.js';
import { zapiReceived } from '../fakes/zapi.fake.js';
import { wapiReceived } from '../fakes/wapi.fake.js';
import { wahaHmac, wahaWebhook } from '../fakes/waha.fake.js';
import { cloudWebhook } from '../fakes/whatsapp-cloud.fake.js';

const NOWHERE = 'http://127.0.0.1:9';
const wahaInbound = wahaWebhook('message', {
  id: 'false_5511987654321@c.us_3A9F0E1D2C3B4A5968',
  timestamp: 1718000000,
  from: '5511987654321@c.us',
  fromMe: false,
  body: 'hi',
  hasMedia: false,
});

/** Unsigned providers: a config, and a callback body that names the channel's instance (all they check). */
const UNSIGNED = {
  whatsapp_zapi: {
    config: { instanceId: 'ZI-1', instanceToken: 'zt', baseUrl: NOWHERE },
    body: zapiReceived('ZI-1', { text: { message: 'hi' } }),
  },
  whatsapp_wapi: { config: { instanceId: 'WI-1', token: 'wt', baseUrl: NOWHERE }, body: wapiReceived('WI-1') },
  whatsapp_waha: { config: { baseUrl: NOWHERE }, body: wahaInbound },
} as const;

async function createChannel(svc: TestService, organizationId: string, kind: string, config: Record<string, unknown>) {
  const res = await svc.admin('POST', `/organizations/${organizationId}/channels`, { kind, name: kind, config });
  assert.equal(res.statusCode, 201, res.body);
  return json(res).data as { id: string; webhookUrl: string; config: Record<string, unknown> };
}

async function storedCount(svc: TestService, channelId: string) {
  return (await svc.db.selectFrom('provider_callbacks').select('id').where('channel_id', '=', channelId).execute()).length;
}

async function chatsOf(svc: TestService, channelId: string) {
  return svc.db.selectFrom('chats').select(['id', 'contact']).where('channel_id', '=', channelId).execute();
}

/** The path and query of a webhook URL, as the provider would call it. */
function pathOf(webhookUrl: string) {
  const url = new URL(webhookUrl);
  return url.pathname + url.search;
}

describeEachDatabase('provider callbacks: authentication and bounds', (env) => {
  it('gives a real channel a callback secret at create, shown once in its webhookUrl and masked in config', async () => {
    const svc = await env.start({ listen: true, startWorker: false });
    const org = await svc.seedOrganization();
    const created = await createChannel(svc, org.organizationId, 'whatsapp_zapi', UNSIGNED.whatsapp_zapi.config);
    const token = new URL(created.webhookUrl).searchParams.get('token');
    assert.ok(token && token.length >= 32, created.webhookUrl);
    assert.equal(created.config.callbackSecret, '••••••••', 'masked whole');
    const row = await svc.db.selectFrom('channels').select('config').where('id', '=', created.id).executeTakeFirstOrThrow();
    assert.equal(JSON.parse(row.config).callbackSecret, token);
    const again = json(await svc.admin('GET', `/organizations/${org.organizationId}/channels/${created.id}`)).data;
    assert.equal(again.webhookUrl, created.webhookUrl.split('?')[0], 'shown once');
    const sandbox = json(await svc.admin('GET', `/organizations/${org.organizationId}/channels/${org.channels.whatsapp_zapi}`)).data;
    assert.equal(sandbox.config.callbackSecret, undefined, 'sandbox channels have none');
    const short = await svc.admin('POST', `/organizations/${org.organizationId}/channels`, {
      kind: 'whatsapp_zapi',
      name: 'short secret',
      config: { ...UNSIGNED.whatsapp_zapi.config, callbackSecret: 'too-short' },
    });
    assert.equal(short.statusCode, 400, short.body);
    assert.match(short.body, /callbackSecret/);
  });

  it('refuses (401, nothing stored) an unsigned provider callback without the channel secret, even one naming the instance', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    for (const [kind, { config, body }] of Object.entries(UNSIGNED)) {
      const channel = await createChannel(svc, org.organizationId, kind, config);
      const bare = `/channels/${channel.id}/webhook`;
      for (const path of [bare, `${bare}?token=wrong-token-of-some-length`, `${bare}?token=`]) {
        const res = await post(svc, path, body);
        assert.equal(res.status, 401, `${kind} ${path}: ${res.text}`);
        assert.equal(res.json.error.code, 'UNAUTHORIZED');
      }
      assert.equal(await storedCount(svc, channel.id), 0, kind);
      const ok = await post(svc, pathOf(channel.webhookUrl), body);
      assert.equal(ok.status, 200, `${kind}: ${ok.text}`);
      const chats = await waitFor(
        () => chatsOf(svc, channel.id),
        (rows) => rows.length > 0,
      );
      assert.deepEqual(
        chats.map((c) => c.contact),
        ['5511987654321'],
        `${kind}: the authenticated callback was applied`,
      );
    }
  });

  it("a signing provider's callback is judged by its signature alone: WAHA with hmacKey", async () => {
    const svc = await env.start({ listen: true, startWorker: false });
    const org = await svc.seedOrganization();
    const channel = await createChannel(svc, org.organizationId, 'whatsapp_waha', { baseUrl: NOWHERE, hmacKey: 'waha-hmac-key' });
    const raw = JSON.stringify(wahaInbound);
    const signed = await post(svc, `/channels/${channel.id}/webhook`, raw, wahaHmac(raw, 'waha-hmac-key'));
    assert.equal(signed.status, 200, signed.text);
    const forged = await post(svc, pathOf(channel.webhookUrl), raw, wahaHmac(raw, 'another-key'));
    assert.equal(forged.status, 401, 'the URL token does not stand in for a wrong signature');
    const unsigned = await post(svc, pathOf(channel.webhookUrl), raw);
    assert.equal(unsigned.status, 401);
    assert.equal(await storedCount(svc, channel.id), 1);
  });

  it('a real channel without a secret (made before secrets existed) refuses callbacks until an update generates one; webhookToken still counts', async () => {
    const svc = await env.start({ listen: true, startWorker: false });
    const org = await svc.seedOrganization();
    const channel = await createChannel(svc, org.organizationId, 'whatsapp_zapi', UNSIGNED.whatsapp_zapi.config);
    await svc.db
      .updateTable('channels')
      .set({ config: JSON.stringify(UNSIGNED.whatsapp_zapi.config) })
      .where('id', '=', channel.id)
      .execute();
    const body = UNSIGNED.whatsapp_zapi.body;
    assert.equal((await post(svc, `/channels/${channel.id}/webhook`, body)).status, 401);
    assert.equal((await post(svc, pathOf(channel.webhookUrl), body)).status, 401, 'the old secret is gone');

    const renamed = json(await svc.admin('PATCH', `/organizations/${org.organizationId}/channels/${channel.id}`, { name: 'renamed' })).data;
    const token = new URL(renamed.webhookUrl).searchParams.get('token');
    assert.ok(token, renamed.webhookUrl);
    assert.equal((await post(svc, pathOf(renamed.webhookUrl), body)).status, 200);

    // Rotation: removing the secret generates a new one; the old one stops working.
    const rotated = json(
      await svc.admin('PATCH', `/organizations/${org.organizationId}/channels/${channel.id}`, { config: { callbackSecret: null } }),
    ).data;
    assert.notEqual(rotated.webhookUrl, renamed.webhookUrl);
    assert.equal((await post(svc, pathOf(renamed.webhookUrl), body)).status, 401);
    assert.equal((await post(svc, pathOf(rotated.webhookUrl), body)).status, 200);

    // The older per-channel webhookToken is accepted as the secret too.
    await svc.admin('PATCH', `/organizations/${org.organizationId}/channels/${channel.id}`, {
      config: { webhookToken: 'legacy-token-0123456789' },
    });
    assert.equal((await post(svc, `/channels/${channel.id}/webhook?token=legacy-token-0123456789`, body)).status, 200);
    assert.equal(await storedCount(svc, channel.id), 3);
  });

  it('a sandbox channel stays open: its simulated inbound needs no secret', async () => {
    const svc = await env.start({ listen: true, startWorker: false });
    const org = await svc.seedOrganization();
    const res = await post(svc, `/channels/${org.channels.whatsapp_zapi}/webhook`, { event: 'status', message_id: 'x', status: 'read' });
    assert.equal(res.status, 200, res.text);
  });

  it("never puts a Meta event naming another phone_number_id into this channel's chats", async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const config = { accessToken: 'EAAB-token', phoneNumberId: '109876543210', appSecret: 'meta-secret', baseUrl: NOWHERE };
    const channel = await createChannel(svc, org.organizationId, 'whatsapp_official', config);
    const inbound = (id: string) => ({ from: '5511987654321', id, timestamp: '1718000000', type: 'text', text: { body: 'hi' } });
    const other = metaSigned(cloudWebhook({ messages: [inbound('wamid.OTHER')] }, '209999999999999'), 'meta-secret');
    const res = await post(svc, `/channels/${channel.id}/webhook`, other.body, other.headers);
    assert.equal(res.status, 200, 'signed by the shared app: stored, then skipped when parsed');
    const processed = await waitFor(
      () => svc.db.selectFrom('provider_callbacks').select('processed_at').where('id', '=', res.json.data.id).executeTakeFirst(),
      (row) => row?.processed_at != null,
    );
    assert.ok(processed?.processed_at);
    assert.equal((await chatsOf(svc, channel.id)).length, 0);
    assert.equal((await svc.db.selectFrom('messages').select('id').where('channel_id', '=', channel.id).execute()).length, 0);

    const own = metaSigned(cloudWebhook({ messages: [inbound('wamid.OWN')] }), 'meta-secret');
    assert.equal((await post(svc, `/channels/${channel.id}/webhook`, own.body, own.headers)).status, 200);
    const chats = await waitFor(
      () => chatsOf(svc, channel.id),
      (rows) => rows.length > 0,
    );
    assert.equal(chats.length, 1);
  });

  it('refuses a callback body over CALLBACK_BODY_LIMIT_BYTES with 413, storing nothing', async () => {
    const svc = await env.start({ listen: true, startWorker: false, env: { CALLBACK_BODY_LIMIT_BYTES: '2048' } });
    const org = await svc.seedOrganization();
    const channel = org.channels.whatsapp_zapi;
    const big = await post(svc, `/channels/${channel}/webhook`, { event: 'status', padding: 'x'.repeat(4096) });
    assert.equal(big.status, 413, big.text);
    assert.equal(big.json.error.code, 'PAYLOAD_TOO_LARGE');
    assert.equal(await storedCount(svc, channel), 0);
    const small = await post(svc, `/channels/${channel}/webhook`, { event: 'status', padding: 'x'.repeat(1000) });
    assert.equal(small.status, 200, small.text);
  });

  it('limits callbacks per channel to CALLBACK_RATE_LIMIT a minute (429), each channel counted apart', async () => {
    const svc = await env.start({ listen: true, startWorker: false, env: { CALLBACK_RATE_LIMIT: '3' } });
    const org = await svc.seedOrganization();
    const [a, b] = [org.channels.whatsapp_zapi, org.channels.whatsapp_wapi];
    const body = { event: 'status', message_id: 'x', status: 'read' };
    for (let i = 0; i < 3; i++) assert.equal((await post(svc, `/channels/${a}/webhook`, body)).status, 200);
    const limited = await post(svc, `/channels/${a}/webhook`, body);
    assert.equal(limited.status, 429, limited.text);
    assert.equal(limited.json.error.code, 'RATE_LIMITED');
    assert.equal(await storedCount(svc, a), 3);
    assert.equal((await post(svc, `/channels/${b}/webhook`, body)).status, 200, 'another channel has its own count');
  });
});
