import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createWhatsAppOfficialProvider } from '../../../src/channels/whatsapp-official/whatsapp-official.provider.js';
import type { OutboundMessage } from '../../../src/channels/provider.js';
import { cloudStatus, cloudWebhook, graphError, startWhatsAppCloudFake, type WhatsAppCloudFake } from '../../fakes/whatsapp-cloud.fake.js';
import { callback, metaSigned, rejectsWith, testDeps, throwsWith } from '../../fakes/provider-test-kit.js';

const TOKEN = 'EAAB-test-token';
const PHONE_ID = '109876543210';
const SECRET = 'app-secret-1';

function message(type: OutboundMessage['type'], content: Record<string, unknown>): OutboundMessage {
  return { id: 'msg-0001', to: '5511987654321', type, content };
}

describe('whatsapp_official provider', () => {
  let fake: WhatsAppCloudFake;
  const deps = testDeps();
  const build = (extra: Record<string, unknown> = {}) =>
    createWhatsAppOfficialProvider(
      { accessToken: TOKEN, phoneNumberId: PHONE_ID, appSecret: SECRET, verifyToken: 'verify-me', baseUrl: fake.url, ...extra },
      deps,
    );

  before(async () => {
    fake = await startWhatsAppCloudFake({ accessToken: TOKEN, phoneNumberId: PHONE_ID });
  });
  after(() => fake.close());

  describe('config', () => {
    for (const key of ['accessToken', 'phoneNumberId', 'appSecret']) {
      it(`refuses to build without ${key}`, () => {
        const config: Record<string, unknown> = { accessToken: TOKEN, phoneNumberId: PHONE_ID, appSecret: SECRET };
        delete config[key];
        const err = throwsWith(() => createWhatsAppOfficialProvider(config, deps), 'PROVIDER_MISCONFIGURED');
        assert.match(err.message, new RegExp(key));
      });
    }
  });

  describe('send', () => {
    it('sends text with the Bearer token and returns the wamid', async () => {
      const result = await build().send(message('text', { text: 'Your order #881 shipped' }));
      const req = fake.last();
      assert.equal(req.path, `/v21.0/${PHONE_ID}/messages`);
      assert.equal(req.headers.authorization, `Bearer ${TOKEN}`);
      assert.match(String(req.headers['content-type']), /application\/json/);
      assert.deepEqual(req.json, {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '5511987654321',
        biz_opaque_callback_data: 'msg-0001',
        type: 'text',
        text: { body: 'Your order #881 shipped', preview_url: false },
      });
      assert.match(result.providerMessageId, /^wamid\./);
    });

    it('translates every message type into the Cloud API body', async () => {
      const provider = build();
      const cases: [OutboundMessage, Record<string, unknown>][] = [
        [
          message('image', { url: 'https://cdn.example.com/p/42.jpg', caption: 'Front view' }),
          { image: { link: 'https://cdn.example.com/p/42.jpg', caption: 'Front view' } },
        ],
        [message('video', { url: 'https://cdn.example.com/v.mp4' }), { video: { link: 'https://cdn.example.com/v.mp4' } }],
        [message('audio', { url: 'https://cdn.example.com/a.ogg' }), { audio: { link: 'https://cdn.example.com/a.ogg' } }],
        [
          message('document', { url: 'https://cdn.example.com/inv/881.pdf' }),
          { document: { link: 'https://cdn.example.com/inv/881.pdf', filename: '881.pdf' } },
        ],
        [
          message('document', { url: 'https://cdn.example.com/inv/881.pdf', filename: 'invoice-881.pdf', caption: 'Invoice' }),
          { document: { link: 'https://cdn.example.com/inv/881.pdf', filename: 'invoice-881.pdf', caption: 'Invoice' } },
        ],
        [
          message('location', { latitude: -23.5614, longitude: -46.6559, name: 'Store Paulista', address: 'Av. Paulista 1000' }),
          { location: { latitude: -23.5614, longitude: -46.6559, name: 'Store Paulista', address: 'Av. Paulista 1000' } },
        ],
        [
          message('template', {
            name: 'order_update',
            language: 'pt_BR',
            components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }] }],
          }),
          {
            template: {
              name: 'order_update',
              language: { code: 'pt_BR' },
              components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }] }],
            },
          },
        ],
      ];
      for (const [outbound, expected] of cases) {
        await provider.send(outbound);
        const body = fake.last().json;
        assert.equal(body.type, outbound.type);
        assert.deepEqual(body[outbound.type], expected[outbound.type], outbound.type);
      }
    });

    it('maps the synchronous 24-hour window refusal (131047) to a permanent error with the vendor text', async () => {
      fake.windowClosed.add('5511000000001');
      const err = await rejectsWith(build().send({ ...message('text', { text: 'hi' }), to: '5511000000001' }), '131047', false);
      assert.equal(err.httpStatus, 400);
      assert.match(err.message, /24 hours/);
    });

    it('maps a bad token (190) to a permanent error', async () => {
      await rejectsWith(build({ accessToken: 'wrong' }).send(message('text', { text: 'hi' })), '190', false);
    });

    it('treats 5xx, 429 and Graph rate-limit codes as retryable', async () => {
      fake.failNext({ status: 500, body: graphError(2, 'Service temporarily unavailable') });
      await rejectsWith(build().send(message('text', { text: 'hi' })), '2', true);
      fake.failNext({ status: 429, body: 'Too Many Requests' });
      await rejectsWith(build().send(message('text', { text: 'hi' })), 'HTTP_429', true);
      fake.failNext({ status: 400, body: graphError(130429, 'Rate limit hit') });
      await rejectsWith(build().send(message('text', { text: 'hi' })), '130429', true);
    });

    it('treats a dropped connection and a timeout as retryable', async () => {
      fake.failNext('drop');
      await rejectsWith(build().send(message('text', { text: 'hi' })), 'PROVIDER_UNREACHABLE', true);
      fake.failNext('hang');
      await rejectsWith(build({ timeoutMs: 100 }).send(message('text', { text: 'hi' })), 'PROVIDER_TIMEOUT', true);
    });

    it('does not retry a 200 without a message id (it may have been sent)', async () => {
      fake.failNext({ status: 200, body: { messaging_product: 'whatsapp' } });
      await rejectsWith(build().send(message('text', { text: 'hi' })), 'INVALID_PROVIDER_RESPONSE', false);
    });
  });

  describe('callbacks', () => {
    it('rejects a missing or wrong X-Hub-Signature-256', () => {
      const body = cloudWebhook({ statuses: [cloudStatus('wamid.OUT1', 'delivered')] });
      throwsWith(() => build().parseCallback(callback(body)), 'INVALID_SIGNATURE');
      throwsWith(() => build().parseCallback(metaSigned(body, 'another-secret')), 'INVALID_SIGNATURE');
      const signed = metaSigned(body, SECRET);
      throwsWith(() => build().parseCallback({ ...signed, body: signed.body.replace('delivered', 'read') }), 'INVALID_SIGNATURE');
    });

    it('skips, and logs, every change naming another phone_number_id (one Meta app, several numbers)', () => {
      const inbound = { from: '5511987654321', id: 'wamid.IN1', timestamp: '1718000000', type: 'text', text: { body: 'hi' } };
      const other = cloudWebhook({ messages: [inbound], statuses: [cloudStatus('wamid.OUT1', 'read')] }, '209999999999999');
      const before = deps.warnings.length;
      assert.deepEqual(build().parseCallback(metaSigned(other, SECRET)), []);
      assert.ok(deps.warnings.slice(before).some((w) => w.phoneNumberId === '209999999999999'));
      const missing = cloudWebhook({ messages: [inbound] });
      delete (missing.entry[0]!.changes[0]!.value.metadata as Record<string, unknown>).phone_number_id;
      assert.deepEqual(build().parseCallback(metaSigned(missing, SECRET)), [], 'a change naming no number is no one’s');
      assert.equal(build().parseCallback(metaSigned(cloudWebhook({ messages: [inbound] }), SECRET))[0]?.kind, 'inbound');
    });

    it('verifies the signature over the raw bytes, not re-serialized JSON', () => {
      const raw = JSON.stringify(cloudWebhook({ statuses: [cloudStatus('wamid.OUT1', 'read')] })).replace('"read"', '"r\\u0065ad"');
      assert.equal(build().parseCallback(metaSigned(raw, SECRET))[0]?.kind, 'status');
    });

    it('maps every status of the vocabulary and skips the ignored and unknown ones', () => {
      const body = cloudWebhook({
        statuses: [
          cloudStatus('wamid.A', 'sent'),
          cloudStatus('wamid.B', 'delivered'),
          cloudStatus('wamid.C', 'read'),
          cloudStatus('wamid.D', 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] }),
          cloudStatus('wamid.E', 'deleted'),
          cloudStatus('wamid.F', 'warning'),
          cloudStatus('wamid.G', 'teleported'),
        ],
      });
      const events = build().parseCallback(metaSigned(body, SECRET));
      assert.deepEqual(events, [
        { kind: 'status', providerMessageId: 'wamid.A', status: 'sent', occurredAt: '2024-06-10T06:15:00.000Z' },
        { kind: 'status', providerMessageId: 'wamid.B', status: 'delivered', occurredAt: '2024-06-10T06:15:00.000Z' },
        { kind: 'status', providerMessageId: 'wamid.C', status: 'read', occurredAt: '2024-06-10T06:15:00.000Z' },
        {
          kind: 'status',
          providerMessageId: 'wamid.D',
          status: 'failed',
          occurredAt: '2024-06-10T06:15:00.000Z',
          error: {
            code: '131026',
            message: 'Message undeliverable',
            title: 'Message undeliverable',
            errors: [{ code: '131026', title: 'Message undeliverable' }],
          },
        },
      ]);
      assert.ok(
        deps.warnings.some((w) => w.status === 'teleported'),
        'the unknown status is logged',
      );
    });

    it('reports the asynchronous 24-hour refusal as failed with 131047', () => {
      const body = cloudWebhook({
        statuses: [
          cloudStatus('wamid.W', 'failed', {
            errors: [{ code: 131047, title: 'Message failed to send because more than 24 hours have passed' }],
          }),
        ],
      });
      const event = build().parseCallback(metaSigned(body, SECRET))[0]!;
      assert.equal(event.kind === 'status' && event.error?.code, '131047');
    });

    it('parses inbound messages with digits-only senders and the profile name', () => {
      const body = cloudWebhook({
        contacts: [{ profile: { name: 'Maria Souza' }, wa_id: '5511987654321' }],
        messages: [
          { from: '5511987654321', id: 'wamid.IN1', timestamp: '1718000000', type: 'text', text: { body: 'hi' } },
          {
            from: '5511987654321',
            id: 'wamid.IN2',
            timestamp: '1718000000',
            type: 'image',
            image: { id: 'MEDIA1', mime_type: 'image/jpeg', caption: 'look' },
          },
          {
            from: '5511987654321',
            id: 'wamid.IN3',
            timestamp: '1718000000',
            type: 'location',
            location: { latitude: -23.5, longitude: -46.6, name: 'Home' },
          },
          {
            from: '5511987654321',
            id: 'wamid.IN4',
            timestamp: '1718000000',
            type: 'button',
            button: { payload: 'TRACK_881', text: 'Track' },
          },
          {
            from: '5511987654321',
            id: 'wamid.IN5',
            timestamp: '1718000000',
            type: 'reaction',
            reaction: { message_id: 'wamid.OUT1', emoji: '👍' },
          },
        ],
      });
      const events = build().parseCallback(metaSigned(body, SECRET));
      assert.deepEqual(events[0], {
        kind: 'inbound',
        providerMessageId: 'wamid.IN1',
        from: '5511987654321',
        senderName: 'Maria Souza',
        type: 'text',
        content: { text: 'hi' },
        occurredAt: '2024-06-10T06:13:20.000Z',
      });
      assert.deepEqual(
        events.map((e) => e.kind === 'inbound' && [e.type, e.content]),
        [
          ['text', { text: 'hi' }],
          ['image', { mediaId: 'MEDIA1', mimeType: 'image/jpeg', caption: 'look' }],
          ['location', { latitude: -23.5, longitude: -46.6, name: 'Home' }],
          ['text', { text: 'Track', payload: 'TRACK_881' }],
          false,
        ],
      );
      // A reaction is news about the message it names (DESIGN §9), never an `unknown` message.
      assert.deepEqual(events[4], { kind: 'reaction', target: 'wamid.OUT1', emoji: '👍', occurredAt: '2024-06-10T06:13:20.000Z' });
    });

    it('ignores other webhook fields', () => {
      const body = {
        object: 'whatsapp_business_account',
        entry: [{ id: 'W', changes: [{ field: 'account_update', value: { statuses: [cloudStatus('wamid.X', 'read')] } }] }],
      };
      assert.deepEqual(build().parseCallback(metaSigned(body, SECRET)), []);
    });

    it('rejects a signed body that is not JSON', () => {
      throwsWith(() => build().parseCallback(metaSigned('not json', SECRET)), 'INVALID_CALLBACK');
    });
  });

  describe('handshake', () => {
    const handshake = (query: Record<string, string>, extra: Record<string, unknown> = {}) => {
      const answer = build(extra).handshake?.({ method: 'GET', headers: {}, query, body: '' });
      assert.ok(answer, 'Meta kinds answer the handshake');
      return answer;
    };
    it('echoes hub.challenge when the verify token matches', () => {
      assert.deepEqual(handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'verify-me', 'hub.challenge': '1158201444' }), {
        status: 200,
        body: '1158201444',
      });
    });
    it('answers 403 for a wrong token, a wrong mode, or no configured token', () => {
      assert.equal(handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'nope', 'hub.challenge': '1' }).status, 403);
      assert.equal(handshake({ 'hub.mode': 'unsubscribe', 'hub.verify_token': 'verify-me', 'hub.challenge': '1' }).status, 403);
      assert.equal(
        handshake({ 'hub.mode': 'subscribe', 'hub.verify_token': '', 'hub.challenge': '1' }, { verifyToken: undefined }).status,
        403,
      );
    });
  });
});
