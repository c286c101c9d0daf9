/**
 * DESIGN.md §9 with the real adapters behind the callback route (test/fixtures/vendors/*, sources in
 * each SOURCES.md): Meta's pricing, played and value.errors, BSUID senders; Evolution's default
 * `apikey: null` authenticated by the URL token, its LID senders and connection.update; WAHA's LID
 * senders (resolved through its LID endpoint) and session.status; Z-API's PLAYED and disconnection.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, it } from 'node:test';
import { describeEachDatabase, json, type TestService } from '../../support/harness.js';
import { messageRow, post, waitFor } from '../../messages/support.js';
import { deliverCallback } from '../callback-support.js';
import { metaSigned } from '../../fakes/provider-test-kit.js';
import { startWhatsAppCloudFake, type WhatsAppCloudFake } from '../../fakes/whatsapp-cloud.fake.js';
import { startHttpFake, type HttpFake } from '../../fakes/http-fake.js';
import { wahaWebhook } from '../../fakes/waha.fake.js';
import { zapiStatus } from '../../fakes/zapi.fake.js';

const NOWHERE = 'http://127.0.0.1:9';
const fixture = (path: string) => readFileSync(new URL(`../../fixtures/vendors/${path}`, import.meta.url), 'utf8');
const PHONE_ID = '114896151713920';
const TOKEN = 'EAAB-realities';
const SECRET = 'realities-app-secret';

async function createChannel(svc: TestService, organizationId: string, kind: string, config: Record<string, unknown>, settings = {}) {
  const res = await svc.admin('POST', `/organizations/${organizationId}/channels`, { kind, name: kind, config, settings });
  assert.equal(res.statusCode, 201, res.body);
  return json(res).data as { id: string; webhookUrl: string };
}

const deliver = deliverCallback;

async function events(svc: TestService, type: string) {
  const rows = await svc.db.selectFrom('events').selectAll().where('type', '=', type).orderBy('seq').execute();
  return rows.map((r) => JSON.parse(r.payload));
}

describeEachDatabase('vendor payloads of DESIGN.md §9 through the real adapters', (env) => {
  let cloud: WhatsAppCloudFake;
  let waha: HttpFake;
  before(async () => {
    cloud = await startWhatsAppCloudFake({ accessToken: TOKEN, phoneNumberId: PHONE_ID });
    waha = await startHttpFake((req) =>
      req.path === '/api/default/lids/13718%40lid' || req.path === '/api/default/lids/13718@lid'
        ? { status: 200, body: { lid: '13718@lid', pn: '5511987654321@c.us' } }
        : { status: 404, body: { message: 'not found' } },
    );
  });
  after(async () => {
    await cloud.close();
    await waha.close();
  });

  async function official(svc: TestService, organizationId: string) {
    return createChannel(
      svc,
      organizationId,
      'whatsapp_official',
      { accessToken: TOKEN, phoneNumberId: PHONE_ID, appSecret: SECRET, baseUrl: cloud.url },
      {
        enforceWhatsAppWindow: false,
      },
    );
  }

  it('Meta: pricing and conversation of a status are stored and returned; played is read with playedAt; every error is kept', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization();
    const channel = await official(svc, org.organizationId);
    const sent = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channel.id, to: '+60 17-000 0001', type: 'audio', content: { url: 'https://example.com/v.ogg' } },
      org.bearer,
    );
    assert.equal(sent.status, 201, sent.text);
    const wamid = String((await messageRow(svc, sent.json.data.id))?.provider_message_id);
    const pricingBody = fixture('meta/status-sent-pricing.json').replaceAll(
      'wamid.HBgLNjAxNzAwMDAwMDEVAgARGBJCNkY5NTBENEU3ODYxQTM3RUQA',
      wamid,
    );
    const signed = metaSigned(JSON.parse(pricingBody), SECRET);
    await deliver(svc, channel.webhookUrl, signed.body, signed.headers);
    const played = metaSigned(
      JSON.parse(
        pricingBody.replace('"status": "sent"', '"status": "played"').replace('"timestamp": "1694492482"', '"timestamp": "1694492600"'),
      ),
      SECRET,
    );
    await deliver(svc, channel.webhookUrl, played.body, played.headers);
    const row = await messageRow(svc, sent.json.data.id);
    assert.equal(row?.status, 'read');
    assert.equal(new Date(String(row?.played_at)).toISOString(), new Date(1694492600 * 1000).toISOString());
    const page = await fetch(`${svc.url}/api/${org.organizationId}/chats/${row!.chat_id}/messages`, { headers: org.keyHeader });
    const message = ((await page.json()) as any).data[0];
    assert.deepEqual(message.pricing, {
      billable: true,
      pricing_model: 'CBP',
      category: 'utility',
      conversation: { id: 'f5fdae3920125a39a1e6a23e5f877c16', expiration_timestamp: '1694505360', origin: { type: 'utility' } },
    });
    assert.deepEqual(
      (await events(svc, 'message.status_updated')).filter((e) => e.message_id === sent.json.data.id).map((e) => e.status),
      ['sent', 'read'],
    );

    // A failed status with two errors keeps both, whole.
    const other = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channel.id, to: '+60 17-000 0001', type: 'text', content: { text: 'x' } },
      org.bearer,
    );
    const otherId = String((await messageRow(svc, other.json.data.id))?.provider_message_id);
    const errors = [
      {
        code: 131026,
        title: 'Message undeliverable',
        message: 'Message undeliverable',
        error_data: { details: 'Receiver is incapable of receiving this message' },
      },
      { code: 131000, title: 'Something went wrong', message: 'Something went wrong' },
    ];
    const failed = JSON.parse(pricingBody.replaceAll(wamid, otherId).replace('"status": "sent"', '"status": "failed"'));
    failed.entry[0].changes[0].value.statuses[0].errors = errors;
    const failedSigned = metaSigned(failed, SECRET);
    await deliver(svc, channel.webhookUrl, failedSigned.body, failedSigned.headers);
    const failedPage = await fetch(`${svc.url}/api/${org.organizationId}/chats/${row!.chat_id}/messages`, { headers: org.keyHeader });
    const failedMessage = ((await failedPage.json()) as any).data.find((m: { id: string }) => m.id === other.json.data.id);
    assert.equal(failedMessage.status, 'failed');
    assert.equal(failedMessage.error.code, '131026');
    assert.equal(failedMessage.error.title, 'Message undeliverable');
    assert.equal(failedMessage.error.details, 'Receiver is incapable of receiving this message');
    assert.deepEqual(
      failedMessage.error.errors.map((e: { code: string }) => e.code),
      ['131026', '131000'],
    );
  });

  it('Meta: value.errors 130429 throttles the channel (channel.health_changed); the governor reads it', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization();
    const channel = await official(svc, org.organizationId);
    const body = JSON.parse(fixture('meta/status-sent-pricing.json'));
    const value = body.entry[0].changes[0].value;
    delete value.statuses;
    value.errors = [
      {
        code: 130429,
        title: 'Rate limit hit',
        message: 'Rate limit hit',
        error_data: { details: 'Cloud API message throughput has been reached.' },
      },
    ];
    const signed = metaSigned(body, SECRET);
    await deliver(svc, channel.webhookUrl, signed.body, signed.headers);
    const [changed] = await events(svc, 'channel.health_changed');
    assert.equal(changed.health, 'throttled');
    assert.equal(changed.code, '130429');
    assert.match(changed.message, /Rate limit hit: Cloud API message throughput/);
    const { channelHealth } = await import('../../../src/modules/channel-records/channel-health.js');
    const health = await channelHealth(svc.db, org.organizationId, channel.id);
    assert.equal(health?.health, 'throttled');
    assert.equal(await channelHealth(svc.db, org.organizationId, '00000000-0000-0000-0000-000000000000'), undefined);
  });

  it("Meta: a BSUID sender with a username (Meta's own example) is one customer; the reply goes with `recipient`", async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization();
    const channel = await official(svc, org.organizationId);
    const body = JSON.parse(
      fixture('meta/identity-bsuid-contacts.json')
        .replace('<BUSINESS_PHONE_NUMBER_ID>', PHONE_ID)
        .replaceAll('<BSUID>', 'US.13491208655302741918')
        .replace('<USERNAME>', 'sheena')
        .replace('<USER_DISPLAY_NAME>', 'Sheena')
        .replace('<WHATSAPP_MESSAGE_ID>', 'wamid.BSUID1')
        .replace('<WEBHOOK_TRIGGER_TIMESTAMP>', '1775000000'),
    );
    // The example's message is a shared contact card; the identity is what is under test, so it is a text here.
    const message = body.entry[0].changes[0].value.messages[0];
    Object.assign(message, { type: 'text', text: { body: 'hi' }, from_user_id: 'US.13491208655302741918' });
    delete message.contacts;
    delete message.origin;
    const signed = metaSigned(body, SECRET);
    await deliver(svc, channel.webhookUrl, signed.body, signed.headers);
    const contacts = await svc.db.selectFrom('customer_contacts').select(['type', 'value']).orderBy('type').execute();
    assert.deepEqual(contacts, [
      { type: 'whatsapp_bsuid', value: 'US.13491208655302741918' },
      { type: 'whatsapp_username', value: 'sheena' },
    ]);
    const chat = await svc.db.selectFrom('chats').select(['id', 'contact']).executeTakeFirstOrThrow();
    assert.equal(chat.contact, 'US.13491208655302741918');
    const reply = await post(
      svc,
      `/api/${org.organizationId}/chats/${chat.id}/messages`,
      { type: 'text', content: 'Hello Sheena' },
      org.keyHeader,
    );
    assert.ok([200, 201].includes(reply.status), reply.text);
    const request = await waitFor(
      async () => cloud.requests.at(-1),
      (r) => r?.json?.recipient === 'US.13491208655302741918',
    );
    assert.equal(request?.json.recipient, 'US.13491208655302741918');
    assert.equal(request?.json.to, undefined);
  });

  it("Evolution: a default install's body (apikey null) is authenticated by the URL token; LIDs join the phone; connection.update sets health", async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization();
    const channel = await createChannel(svc, org.organizationId, 'whatsapp_evo', {
      baseUrl: NOWHERE,
      instance: 'Teste',
      apiKey: 'evo-key-0123456789',
    });
    const data = JSON.parse(fixture('evolution/identity-lid-upsert.json'));
    data.data.key.id = '3EB0LID0001';
    data.data.key.remoteJidAlt = '5511987654321@s.whatsapp.net';
    data.data.key.addressingMode = 'lid';
    const body = {
      ...data,
      destination: 'https://example.com/hook',
      date_time: '2026-03-09T00:35:45.000Z',
      sender: '5511900000000@s.whatsapp.net',
      server_url: 'http://localhost:8080',
      apikey: null,
    };
    const path = channel.webhookUrl.replace(/^https?:\/\/[^/]+/, '');
    const refused = await post(svc, path.replace(/\?.*$/, ''), body);
    assert.equal(refused.status, 401, 'without the token, a null apikey proves nothing');
    await deliver(svc, channel.webhookUrl, body);
    const contacts = await svc.db.selectFrom('customer_contacts').select(['type', 'value']).orderBy('type').execute();
    assert.deepEqual(contacts, [
      { type: 'whatsapp', value: '5511987654321' },
      { type: 'whatsapp_lid', value: '13718@lid' },
    ]);
    assert.equal((await svc.db.selectFrom('messages').select('type').executeTakeFirstOrThrow()).type, 'text');
    assert.deepEqual(
      (await events(svc, 'message.received')).map((e) => e.from),
      ['5511987654321'],
    );

    await deliver(svc, channel.webhookUrl, {
      event: 'connection.update',
      instance: 'Teste',
      data: { instance: 'Teste', state: 'close', statusReason: 428 },
      apikey: null,
    });
    assert.equal((await events(svc, 'channel.health_changed'))[0]?.health, 'disconnected');
    const refusedSend = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channel.id, to: '5511987654321', type: 'text', content: { text: 'x' } },
      org.bearer,
    );
    assert.equal(refusedSend.status, 422);
    assert.equal(refusedSend.json.error.code, 'CHANNEL_DISCONNECTED');
  });

  it('WAHA: a LID-only sender is resolved through GET /api/{session}/lids/{lid}; session.status sets health', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization();
    const channel = await createChannel(svc, org.organizationId, 'whatsapp_waha', { baseUrl: waha.url, allowPrivateBaseUrl: true });
    await deliver(
      svc,
      channel.webhookUrl,
      wahaWebhook('message', {
        id: 'false_13718@lid_3A9F0E1D2C3B4A5968',
        timestamp: 1718000000,
        from: '13718@lid',
        fromMe: false,
        body: 'hi',
        hasMedia: false,
      }),
    );
    const contacts = await svc.db.selectFrom('customer_contacts').select(['type', 'value']).orderBy('type').execute();
    assert.deepEqual(contacts, [
      { type: 'whatsapp', value: '5511987654321' },
      { type: 'whatsapp_lid', value: '13718@lid' },
    ]);
    await deliver(svc, channel.webhookUrl, wahaWebhook('session.status', { status: 'SCAN_QR_CODE' }));
    const [changed] = await events(svc, 'channel.health_changed');
    assert.equal(changed.health, 'disconnected');
    assert.equal(changed.code, 'SCAN_QR_CODE');
  });

  it('Z-API: PLAYED is read with playedAt; DisconnectedCallback disconnects the channel', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization();
    const zapi = await startHttpFake(() => ({ status: 200, body: { zaapId: 'Z1', messageId: '3EB0PLAYED', id: '3EB0PLAYED' } }));
    try {
      const channel = await createChannel(svc, org.organizationId, 'whatsapp_zapi', {
        instanceId: 'ZI-1',
        instanceToken: 'zt',
        baseUrl: zapi.url,
        allowPrivateBaseUrl: true,
      });
      const sent = await post(
        svc,
        '/v1/messages/send',
        { channel_id: channel.id, to: '5511987654321', type: 'audio', content: { url: 'https://example.com/v.ogg' } },
        org.bearer,
      );
      assert.equal(sent.status, 201, sent.text);
      await deliver(svc, channel.webhookUrl, { ...zapiStatus('ZI-1', 'PLAYED', ['3EB0PLAYED']), momment: 1718000000000 });
      const row = await messageRow(svc, sent.json.data.id);
      assert.equal(row?.status, 'read');
      assert.equal(new Date(String(row?.played_at)).toISOString(), new Date(1718000000000).toISOString());
      await deliver(svc, channel.webhookUrl, {
        type: 'DisconnectedCallback',
        momment: 1718000100000,
        error: 'Device has been disconnected',
        disconnected: true,
        instanceId: 'ZI-1',
      });
      const [changed] = await events(svc, 'channel.health_changed');
      assert.deepEqual([changed.health, changed.message], ['disconnected', 'Device has been disconnected']);
    } finally {
      await zapi.close();
    }
  });
});
