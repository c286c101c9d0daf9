import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createInstagramProvider } from '../../../src/channels/instagram/instagram.provider.js';
import type { OutboundMessage } from '../../../src/channels/provider.js';
import { messagingWebhook, startMetaSendApiFake, type MetaSendApiFake } from '../../fakes/meta-send-api.fake.js';
import { graphError } from '../../fakes/whatsapp-cloud.fake.js';
import { callback, metaSigned, rejectsWith, testDeps, throwsWith } from '../../fakes/provider-test-kit.js';

const TOKEN = 'IGQW-token';
const IG_ID = '17841499999999999';
const SECRET = 'ig-app-secret';
const CUSTOMER = '17841400000000001';

function message(type: OutboundMessage['type'], content: Record<string, unknown>, to = CUSTOMER): OutboundMessage {
  return { id: 'msg-0001', to, type, content };
}

describe('instagram provider', () => {
  let fake: MetaSendApiFake;
  const deps = testDeps();
  const build = (extra: Record<string, unknown> = {}) =>
    createInstagramProvider(
      { accessToken: TOKEN, accountId: IG_ID, appSecret: SECRET, verifyToken: 'v', baseUrl: fake.url, ...extra },
      deps,
    );
  const hook = (...items: Record<string, unknown>[]) =>
    build().parseCallback(metaSigned(messagingWebhook('instagram', IG_ID, ...items), SECRET));
  const from = (extra: Record<string, unknown>) => ({
    sender: { id: CUSTOMER },
    recipient: { id: IG_ID },
    timestamp: 1718000000321,
    ...extra,
  });

  before(async () => {
    fake = await startMetaSendApiFake({ platform: 'instagram', accessToken: TOKEN, accountId: IG_ID });
  });
  after(() => fake.close());

  it('refuses to build without accessToken or appSecret, or with an unknown flavor', () => {
    for (const key of ['accessToken', 'appSecret']) {
      const config: Record<string, unknown> = { accessToken: TOKEN, appSecret: SECRET };
      delete config[key];
      assert.match(throwsWith(() => createInstagramProvider(config, deps), 'PROVIDER_MISCONFIGURED').message, new RegExp(key));
    }
    throwsWith(() => createInstagramProvider({ accessToken: TOKEN, appSecret: SECRET, flavor: 'myspace' }, deps), 'PROVIDER_MISCONFIGURED');
  });

  describe('send', () => {
    it('sends text to the IGSID and returns message_id', async () => {
      const result = await build().send(message('text', { text: 'Hi Maria, your order shipped' }));
      const req = fake.last();
      assert.equal(req.path, `/v21.0/${IG_ID}/messages`);
      assert.equal(req.headers.authorization, `Bearer ${TOKEN}`);
      assert.deepEqual(req.json, { recipient: { id: CUSTOMER }, message: { text: 'Hi Maria, your order shipped' } });
      assert.match(result.providerMessageId, /^aWdfZAG1/);
    });

    it('sends media as attachments and a caption as a follow-up text', async () => {
      const before = fake.requests.length;
      const result = await build().send(message('image', { url: 'https://cdn.example.com/p/42.jpg', caption: 'Front view' }));
      const [attachment, caption] = fake.requests.slice(before);
      assert.deepEqual(attachment?.json, {
        recipient: { id: CUSTOMER },
        message: { attachment: { type: 'image', payload: { url: 'https://cdn.example.com/p/42.jpg' } } },
      });
      assert.deepEqual(caption?.json, { recipient: { id: CUSTOMER }, message: { text: 'Front view' } });
      assert.match(result.providerMessageId, /^aWdfZAG1/);
      for (const type of ['video', 'audio'] as const) {
        await build().send(message(type, { url: `https://cdn.example.com/m.${type}` }));
        assert.equal(fake.last().json.message.attachment.type, type);
      }
    });

    it('refuses documents, locations and templates without calling Instagram', async () => {
      const before = fake.requests.length;
      await rejectsWith(build().send(message('document', { url: 'https://cdn.example.com/a.pdf' })), 'UNSUPPORTED_MESSAGE_TYPE', false);
      await rejectsWith(build().send(message('location', { latitude: 1, longitude: 2 })), 'UNSUPPORTED_MESSAGE_TYPE', false);
      await rejectsWith(
        build().send(message('template', { name: 'x', language: 'en_US', components: [] })),
        'UNSUPPORTED_MESSAGE_TYPE',
        false,
      );
      assert.equal(fake.requests.length, before);
    });

    it('maps the outside-window refusal (code 10 / 2534022) to a permanent error; a tag gets through', async () => {
      fake.windowClosed.add('17841400000000009');
      const err = await rejectsWith(build().send(message('text', { text: 'late' }, '17841400000000009')), '10', false);
      assert.equal(err.httpStatus, 403);
      assert.match(err.message, /outside of allowed window.*2534022/);
      await build({ messageTag: 'HUMAN_AGENT' }).send(message('text', { text: 'late' }, '17841400000000009'));
      assert.equal(fake.last().json.messaging_type, 'MESSAGE_TAG');
      assert.equal(fake.last().json.tag, 'HUMAN_AGENT');
    });

    it('maps rate limits and 5xx to retryable', async () => {
      fake.failNext({ status: 400, body: graphError(613, 'Calls to this api have exceeded the rate limit.') });
      await rejectsWith(build().send(message('text', { text: 'hi' })), '613', true);
      fake.failNext({ status: 500, body: graphError(1, 'An unknown error occurred') });
      await rejectsWith(build().send(message('text', { text: 'hi' })), '1', true);
    });

    it('defaults to graph.instagram.com, or graph.facebook.com for the Facebook-login flavor', async () => {
      const urls: string[] = [];
      const capture: typeof fetch = async (input) => {
        urls.push(String(input));
        return new Response(JSON.stringify({ recipient_id: CUSTOMER, message_id: 'aWdf-X' }), { status: 200 });
      };
      await createInstagramProvider({ accessToken: TOKEN, appSecret: SECRET }, { fetch: capture, fetchMedia: capture }).send(
        message('text', { text: 'hi' }),
      );
      await createInstagramProvider(
        { accessToken: TOKEN, appSecret: SECRET, flavor: 'facebook_login', accountId: 'PAGE1' },
        { fetch: capture, fetchMedia: capture },
      ).send(message('text', { text: 'hi' }));
      assert.deepEqual(urls, ['https://graph.instagram.com/v21.0/me/messages', 'https://graph.facebook.com/v21.0/PAGE1/messages']);
    });
  });

  describe('callbacks', () => {
    it('rejects a missing or wrong signature', () => {
      const body = messagingWebhook('instagram', IG_ID, from({ read: { mid: 'aWdf-OUT1' } }));
      throwsWith(() => build().parseCallback(callback(body)), 'INVALID_SIGNATURE');
      throwsWith(() => build().parseCallback(metaSigned(body, 'wrong')), 'INVALID_SIGNATURE');
    });

    it('skips, and logs, an entry for another IG account of the same app', () => {
      const other = metaSigned(
        messagingWebhook('instagram', '17841411111111111', from({ message: { mid: 'aWdf-IN1', text: 'hi' } })),
        SECRET,
      );
      const before = deps.warnings.length;
      assert.deepEqual(build().parseCallback(other), []);
      assert.ok(deps.warnings.slice(before).some((w) => w.entryId === '17841411111111111'));
      assert.equal(hook(from({ message: { mid: 'aWdf-IN1', text: 'hi' } }))[0]?.kind, 'inbound');
    });

    it('maps messaging_seen (read.mid, or a watermark) to read; nothing else is a status on Instagram', () => {
      assert.deepEqual(hook(from({ read: { mid: 'aWdf-OUT1' } })), [
        { kind: 'status', providerMessageId: 'aWdf-OUT1', status: 'read', occurredAt: '2024-06-10T06:13:20.321Z' },
      ]);
      assert.deepEqual(hook(from({ read: { watermark: 1718000009000 } })), [
        { kind: 'status_watermark', recipient: CUSTOMER, status: 'read', watermark: '2024-06-10T06:13:29.000Z' },
      ]);
      // A reaction is news about the message (DESIGN §9), not a status.
      assert.deepEqual(
        hook(from({ reaction: { mid: 'aWdf-OUT1', action: 'react', reaction: 'love' } })).map((e) => e.kind),
        ['reaction'],
      );
    });

    it('parses inbound text and attachments', () => {
      assert.deepEqual(hook(from({ message: { mid: 'aWdf-IN1', text: 'hi', reply_to: { mid: 'aWdf-OUT1' } } })), [
        {
          kind: 'inbound',
          providerMessageId: 'aWdf-IN1',
          from: CUSTOMER,
          type: 'text',
          content: { text: 'hi', replyTo: 'aWdf-OUT1' },
          occurredAt: '2024-06-10T06:13:20.321Z',
        },
      ]);
      const [image] = hook(
        from({
          message: {
            mid: 'aWdf-IN2',
            attachments: [{ type: 'image', payload: { url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/1' } }],
          },
        }),
      );
      assert.deepEqual(image?.kind === 'inbound' && [image.type, image.content], [
        'image',
        { url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/1' },
      ]);
      const [reel] = hook(from({ message: { mid: 'aWdf-IN3', attachments: [{ type: 'ig_reel', payload: { url: 'https://x/r' } }] } }));
      assert.deepEqual(reel?.kind === 'inbound' && [reel.type, reel.content], ['unknown', { vendorType: 'ig_reel', url: 'https://x/r' }]);
    });

    it('reads echoes and deleted messages as news, never inbound (DESIGN §9)', () => {
      const echo = {
        sender: { id: IG_ID },
        recipient: { id: CUSTOMER },
        timestamp: 1718000001000,
        message: { mid: 'aWdf-OUT1', text: 'our reply', is_echo: true },
      };
      assert.deepEqual(
        hook(echo).map((e) => e.kind),
        ['echo'],
      );
      assert.deepEqual(
        hook(from({ message: { mid: 'aWdf-IN9', is_deleted: true } })).map((e) => e.kind),
        ['delete'],
      );
    });

    it('ignores bodies for another object', () => {
      assert.deepEqual(
        build().parseCallback(metaSigned(messagingWebhook('page', IG_ID, from({ message: { mid: 'm', text: 'x' } })), SECRET)),
        [],
      );
    });
  });

  it('answers the hub.challenge handshake', () => {
    const get = (token: string) =>
      build().handshake?.({
        method: 'GET',
        headers: {},
        query: { 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': 'c-42' },
        body: '',
      });
    assert.deepEqual(get('v'), { status: 200, body: 'c-42' });
    assert.equal(get('x')?.status, 403);
  });
});
