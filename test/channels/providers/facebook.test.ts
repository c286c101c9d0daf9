import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createFacebookProvider } from '../../../src/channels/facebook/facebook.provider.js';
import type { OutboundMessage } from '../../../src/channels/provider.js';
import { messagingWebhook, startMetaSendApiFake, type MetaSendApiFake } from '../../fakes/meta-send-api.fake.js';
import { graphError } from '../../fakes/whatsapp-cloud.fake.js';
import { callback, metaSigned, rejectsWith, testDeps, throwsWith } from '../../fakes/provider-test-kit.js';

const TOKEN = 'EAAG-page-token';
const PAGE_ID = '104000000000001';
const SECRET = 'fb-app-secret';
const PSID = '6100000000000001';

function message(type: OutboundMessage['type'], content: Record<string, unknown>, to = PSID): OutboundMessage {
  return { id: 'msg-0001', to, type, content };
}

describe('facebook provider', () => {
  let fake: MetaSendApiFake;
  const deps = testDeps();
  const build = (extra: Record<string, unknown> = {}) =>
    createFacebookProvider({ accessToken: TOKEN, pageId: PAGE_ID, appSecret: SECRET, verifyToken: 'v', baseUrl: fake.url, ...extra }, deps);
  const hook = (...items: Record<string, unknown>[]) =>
    build().parseCallback(metaSigned(messagingWebhook('page', PAGE_ID, ...items), SECRET));
  const from = (extra: Record<string, unknown>) => ({
    sender: { id: PSID },
    recipient: { id: PAGE_ID },
    timestamp: 1718000010000,
    ...extra,
  });

  before(async () => {
    fake = await startMetaSendApiFake({ platform: 'facebook', accessToken: TOKEN, accountId: PAGE_ID });
  });
  after(() => fake.close());

  it('refuses to build without accessToken or appSecret', () => {
    for (const key of ['accessToken', 'appSecret']) {
      const config: Record<string, unknown> = { accessToken: TOKEN, appSecret: SECRET };
      delete config[key];
      assert.match(throwsWith(() => createFacebookProvider(config, deps), 'PROVIDER_MISCONFIGURED').message, new RegExp(key));
    }
  });

  describe('send', () => {
    it('sends text as a RESPONSE with our id as metadata and returns message_id', async () => {
      const result = await build().send(message('text', { text: 'Your order #881 shipped' }));
      const req = fake.last();
      assert.equal(req.path, `/v21.0/${PAGE_ID}/messages`);
      assert.equal(req.headers.authorization, `Bearer ${TOKEN}`);
      assert.deepEqual(req.json, {
        recipient: { id: PSID },
        messaging_type: 'RESPONSE',
        message: { text: 'Your order #881 shipped', metadata: 'msg-0001' },
      });
      assert.match(result.providerMessageId, /^m_/);
    });

    it('sends media and documents (file) as attachments, a caption as a follow-up text', async () => {
      const before = fake.requests.length;
      await build().send(message('document', { url: 'https://cdn.example.com/inv/881.pdf', filename: 'invoice.pdf', caption: 'Invoice' }));
      const [attachment, caption] = fake.requests.slice(before);
      assert.deepEqual(attachment?.json.message, {
        attachment: { type: 'file', payload: { url: 'https://cdn.example.com/inv/881.pdf', is_reusable: false } },
        metadata: 'msg-0001',
      });
      assert.deepEqual(caption?.json, { recipient: { id: PSID }, messaging_type: 'RESPONSE', message: { text: 'Invoice' } });
      for (const type of ['image', 'video', 'audio'] as const) {
        await build().send(message(type, { url: `https://cdn.example.com/m.${type}` }));
        assert.equal(fake.last().json.message.attachment.type, type);
      }
    });

    it('still reports the attachment as sent when only its caption fails', async () => {
      const before = fake.requests.length;
      fake.failNext({ status: 200, body: { recipient_id: PSID, message_id: 'm_ATTACHED' } });
      fake.failNext({ status: 500, body: graphError(2, 'Service temporarily unavailable') });
      const result = await build().send(message('image', { url: 'https://cdn.example.com/p.jpg', caption: 'c' }));
      assert.equal(result.providerMessageId, 'm_ATTACHED');
      assert.equal(fake.requests.length - before, 2);
      assert.ok(deps.warnings.some((w) => w.providerMessageId === 'm_ATTACHED'));
    });

    it('refuses locations and templates without calling the Send API', async () => {
      const before = fake.requests.length;
      await rejectsWith(build().send(message('location', { latitude: 1, longitude: 2 })), 'UNSUPPORTED_MESSAGE_TYPE', false);
      await rejectsWith(
        build().send(message('template', { name: 'x', language: 'en_US', components: [] })),
        'UNSUPPORTED_MESSAGE_TYPE',
        false,
      );
      assert.equal(fake.requests.length, before);
    });

    it('maps code 10 (outside the window) and 190 to permanent, rate limits and 5xx to retryable', async () => {
      fake.windowClosed.add('6100000000000009');
      const err = await rejectsWith(build().send(message('text', { text: 'late' }, '6100000000000009')), '10', false);
      assert.match(err.message, /outside of allowed window/);
      await build({ messageTag: 'HUMAN_AGENT' }).send(message('text', { text: 'late' }, '6100000000000009'));
      assert.equal(fake.last().json.messaging_type, 'MESSAGE_TAG');
      await rejectsWith(build({ accessToken: 'bad' }).send(message('text', { text: 'hi' })), '190', false);
      fake.failNext({ status: 400, body: graphError(32, 'Page request limit reached') });
      await rejectsWith(build().send(message('text', { text: 'hi' })), '32', true);
      fake.failNext({ status: 503 });
      await rejectsWith(build().send(message('text', { text: 'hi' })), 'HTTP_503', true);
    });
  });

  describe('callbacks', () => {
    it('rejects a missing or wrong X-Hub-Signature-256 (the legacy sha1 header alone is not enough)', () => {
      const body = messagingWebhook('page', PAGE_ID, from({ read: { watermark: 1 } }));
      throwsWith(() => build().parseCallback(callback(body, { 'x-hub-signature': 'sha1=abc' })), 'INVALID_SIGNATURE');
      throwsWith(() => build().parseCallback(metaSigned(body, 'wrong')), 'INVALID_SIGNATURE');
    });

    it('skips, and logs, an entry for another Page of the same app; reads every entry when pageId is left as me', () => {
      const item = from({ message: { mid: 'm_IN1', text: 'hi' } });
      const other = metaSigned(messagingWebhook('page', '104000000000999', item), SECRET);
      const before = deps.warnings.length;
      assert.deepEqual(build().parseCallback(other), []);
      assert.ok(deps.warnings.slice(before).some((w) => w.entryId === '104000000000999'));
      assert.equal(hook(item)[0]?.kind, 'inbound');
      assert.equal(build({ pageId: undefined }).parseCallback(other)[0]?.kind, 'inbound');
    });

    it('maps deliveries with mids to delivered per message', () => {
      assert.deepEqual(hook(from({ delivery: { mids: ['m_OUT1', 'm_OUT2'], watermark: 1718000005000, seq: 37 } })), [
        { kind: 'status', providerMessageId: 'm_OUT1', status: 'delivered', occurredAt: '2024-06-10T06:13:30.000Z' },
        { kind: 'status', providerMessageId: 'm_OUT2', status: 'delivered', occurredAt: '2024-06-10T06:13:30.000Z' },
      ]);
    });

    it('dates a delivery by its watermark when the event has no timestamp', () => {
      const delivery = { sender: { id: PSID }, recipient: { id: PAGE_ID }, delivery: { mids: ['m_OUT3'], watermark: 1718000005000 } };
      assert.deepEqual(hook(delivery), [
        { kind: 'status', providerMessageId: 'm_OUT3', status: 'delivered', occurredAt: '2024-06-10T06:13:25.000Z' },
      ]);
    });

    it('maps watermarks (reads, deliveries without mids) to status_watermark events', () => {
      assert.deepEqual(hook(from({ read: { watermark: 1718000009000 } })), [
        { kind: 'status_watermark', recipient: PSID, status: 'read', watermark: '2024-06-10T06:13:29.000Z' },
      ]);
      assert.deepEqual(hook(from({ delivery: { watermark: 1718000005000 } })), [
        { kind: 'status_watermark', recipient: PSID, status: 'delivered', watermark: '2024-06-10T06:13:25.000Z' },
      ]);
    });

    it('parses inbound text, quick replies, attachments, locations and postbacks', () => {
      const events = hook(
        from({ message: { mid: 'm_IN1', text: 'hi' } }),
        from({ message: { mid: 'm_IN2', text: 'Yes', quick_reply: { payload: 'YES' } } }),
        from({ message: { mid: 'm_IN3', attachments: [{ type: 'file', payload: { url: 'https://scontent.xx.fbcdn.net/cv.pdf' } }] } }),
        from({
          message: {
            mid: 'm_IN4',
            attachments: [{ type: 'location', title: 'Home', payload: { coordinates: { lat: -23.5, long: -46.6 } } }],
          },
        }),
        from({ postback: { title: 'Track', payload: 'TRACK_881', mid: 'm_PB1' } }),
        from({ message: { mid: 'm_IN5', attachments: [{ type: 'fallback', payload: { url: 'https://example.com' } }] } }),
      );
      assert.deepEqual(events[0], {
        kind: 'inbound',
        providerMessageId: 'm_IN1',
        from: PSID,
        type: 'text',
        content: { text: 'hi' },
        occurredAt: '2024-06-10T06:13:30.000Z',
      });
      assert.deepEqual(
        events.map((e) => e.kind === 'inbound' && [e.providerMessageId, e.type, e.content]),
        [
          ['m_IN1', 'text', { text: 'hi' }],
          ['m_IN2', 'text', { text: 'Yes', payload: 'YES' }],
          ['m_IN3', 'document', { url: 'https://scontent.xx.fbcdn.net/cv.pdf' }],
          ['m_IN4', 'location', { latitude: -23.5, longitude: -46.6, name: 'Home' }],
          ['m_PB1', 'text', { text: 'Track', payload: 'TRACK_881' }],
          ['m_IN5', 'unknown', { vendorType: 'fallback', url: 'https://example.com' }],
        ],
      );
    });

    it('reads a reaction as news about the message it names; optins and referrals are no message news', () => {
      assert.deepEqual(
        hook(
          from({ reaction: { mid: 'm_OUT1', action: 'react', emoji: '❤' } }),
          from({ optin: { ref: 'x' } }),
          from({ referral: { ref: 'ad' } }),
        ),
        [{ kind: 'reaction', target: 'm_OUT1', emoji: '❤', occurredAt: new Date(from({}).timestamp as number).toISOString() }],
      );
    });

    it('reads message_echoes (is_echo) as echoes, never inbound: our own is recognized later by its mid (DESIGN §9)', () => {
      const echo = {
        sender: { id: PAGE_ID },
        recipient: { id: PSID },
        timestamp: 1718000001000,
        message: { is_echo: true, app_id: 1517776481860111, metadata: 'msg-0001', mid: 'm_OUT1', text: '...' },
      };
      assert.deepEqual(
        hook(echo).map((e) => e.kind),
        ['echo'],
      );
    });
  });

  it('answers the hub.challenge handshake', () => {
    const get = (token: string) =>
      build().handshake?.({
        method: 'GET',
        headers: {},
        query: { 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': 'c-7' },
        body: '',
      });
    assert.deepEqual(get('v'), { status: 200, body: 'c-7' });
    assert.equal(get('nope')?.status, 403);
  });
});
