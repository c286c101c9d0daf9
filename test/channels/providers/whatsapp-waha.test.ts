import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createWhatsAppWahaProvider } from '../../../src/channels/whatsapp-waha/whatsapp-waha.provider.js';
import type { OutboundMessage } from '../../../src/channels/provider.js';
import { startWahaFake, wahaHmac, wahaWebhook, type WahaFake } from '../../fakes/waha.fake.js';
import { callback, rejectsWith, testDeps, throwsWith } from '../../fakes/provider-test-kit.js';

const API_KEY = 'waha-key';
const HMAC_KEY = 'my-secret-key';

function message(type: OutboundMessage['type'], content: Record<string, unknown>): OutboundMessage {
  return { id: 'msg-0001', to: '5511987654321', type, content };
}

describe('whatsapp_waha provider', () => {
  let fake: WahaFake;
  const deps = testDeps();
  const build = (extra: Record<string, unknown> = {}) => createWhatsAppWahaProvider({ baseUrl: fake.url, apiKey: API_KEY, ...extra }, deps);
  const signedHook = (event: string, payload: Record<string, unknown>) => {
    const raw = JSON.stringify(wahaWebhook(event, payload));
    return build({ hmacKey: HMAC_KEY }).parseCallback(callback(raw, wahaHmac(raw, HMAC_KEY)));
  };

  before(async () => {
    fake = await startWahaFake({ apiKey: API_KEY });
  });
  after(() => fake.close());

  it('refuses to build without baseUrl', () => {
    assert.match(throwsWith(() => createWhatsAppWahaProvider({ apiKey: API_KEY }, deps), 'PROVIDER_MISCONFIGURED').message, /baseUrl/);
  });

  describe('send', () => {
    it('sends text to <digits>@c.us on the default session with X-Api-Key', async () => {
      fake.engine = 'WEBJS';
      const result = await build().send(message('text', { text: 'Your order #881 shipped' }));
      const req = fake.last();
      assert.equal(req.path, '/api/sendText');
      assert.equal(req.headers['x-api-key'], API_KEY);
      assert.deepEqual(req.json, { session: 'default', chatId: '5511987654321@c.us', text: 'Your order #881 shipped' });
      assert.match(result.providerMessageId, /^3EB0[^_]+$/, 'the bare id, without true_<chatId>_');
    });

    it('reads the id from every engine shape', async () => {
      for (const engine of ['WEBJS', 'WEBJS_OBJECT', 'NOWEB'] as const) {
        fake.engine = engine;
        const { providerMessageId } = await build({ session: 'sales' }).send(message('text', { text: 'hi' }));
        assert.match(providerMessageId, /^3EB0[^_]+$/, engine);
        assert.equal(fake.last().json.session, 'sales');
      }
      fake.engine = 'EMPTY';
      await rejectsWith(build().send(message('text', { text: 'hi' })), 'INVALID_PROVIDER_RESPONSE', false);
      fake.engine = 'WEBJS';
    });

    it('translates media, voice and location', async () => {
      const provider = build();
      const cases: [OutboundMessage, string, Record<string, unknown>][] = [
        [
          message('image', { url: 'https://cdn.example.com/p/42.jpg', caption: 'Front view' }),
          'sendImage',
          { file: { url: 'https://cdn.example.com/p/42.jpg', mimetype: 'image/jpeg' }, caption: 'Front view' },
        ],
        [
          message('video', { url: 'https://cdn.example.com/v/unbox.mp4' }),
          'sendVideo',
          { file: { url: 'https://cdn.example.com/v/unbox.mp4', mimetype: 'video/mp4' } },
        ],
        [
          message('document', { url: 'https://cdn.example.com/inv/881.pdf', filename: 'invoice-881.pdf', caption: 'Invoice' }),
          'sendFile',
          {
            file: { url: 'https://cdn.example.com/inv/881.pdf', mimetype: 'application/pdf', filename: 'invoice-881.pdf' },
            caption: 'Invoice',
          },
        ],
        [
          message('audio', { url: 'https://cdn.example.com/a/hello.opus' }),
          'sendVoice',
          { file: { url: 'https://cdn.example.com/a/hello.opus', mimetype: 'audio/ogg; codecs=opus' }, convert: false },
        ],
        [
          message('audio', { url: 'https://cdn.example.com/a/hello.mp3' }),
          'sendVoice',
          { file: { url: 'https://cdn.example.com/a/hello.mp3', mimetype: 'audio/mpeg' }, convert: true },
        ],
        [
          message('location', { latitude: -23.5614, longitude: -46.6559, name: 'Store Paulista' }),
          'sendLocation',
          { latitude: -23.5614, longitude: -46.6559, title: 'Store Paulista' },
        ],
      ];
      for (const [outbound, route, body] of cases) {
        await provider.send(outbound);
        assert.equal(fake.last().path, `/api/${route}`);
        assert.deepEqual(fake.last().json, { session: 'default', chatId: '5511987654321@c.us', ...body }, outbound.type);
      }
    });

    it('refuses templates; maps 401 to permanent and 5xx, drops and timeouts to retryable', async () => {
      await rejectsWith(
        build().send(message('template', { name: 'x', language: 'en_US', components: [] })),
        'UNSUPPORTED_MESSAGE_TYPE',
        false,
      );
      const err = await rejectsWith(build({ apiKey: 'nope' }).send(message('text', { text: 'hi' })), 'HTTP_401', false);
      assert.match(err.message, /Unauthorized/);
      fake.failNext({ status: 503, body: { message: 'session STARTING' } });
      await rejectsWith(build().send(message('text', { text: 'hi' })), 'HTTP_503', true);
      fake.failNext('hang');
      await rejectsWith(build({ timeoutMs: 100 }).send(message('text', { text: 'hi' })), 'PROVIDER_TIMEOUT', true);
    });
  });

  describe('callbacks', () => {
    it('checks X-Webhook-Hmac (SHA-512 over the raw body) when an HMAC key is set', () => {
      const raw = JSON.stringify(wahaWebhook('message.ack', { id: 'true_x@c.us_A', fromMe: true, ack: 3, ackName: 'READ' }));
      const provider = build({ hmacKey: HMAC_KEY });
      throwsWith(() => provider.parseCallback(callback(raw)), 'INVALID_SIGNATURE');
      throwsWith(() => provider.parseCallback(callback(raw, wahaHmac(raw, 'other-key'))), 'INVALID_SIGNATURE');
      throwsWith(() => provider.parseCallback(callback(raw.replace('READ', 'PLAYED'), wahaHmac(raw, HMAC_KEY))), 'INVALID_SIGNATURE');
      assert.equal(provider.parseCallback(callback(raw, wahaHmac(raw, HMAC_KEY))).length, 1);
    });

    it('matches the HMAC test vector of the WAHA docs', () => {
      const raw = '{"event":"message","session":"default","engine":"WEBJS"}';
      assert.ok(createHmac('sha512', 'my-secret-key').update(raw).digest('hex').startsWith('208f8a55dde9'));
      assert.deepEqual(build({ hmacKey: 'my-secret-key' }).parseCallback(callback(raw, wahaHmac(raw, 'my-secret-key'))), []);
    });

    it('without HMAC, requires the URL token when one is configured', () => {
      const body = wahaWebhook('message.ack', { id: 'true_x@c.us_A', fromMe: true, ack: 1 });
      const provider = build({ webhookToken: 'url-secret' });
      throwsWith(() => provider.parseCallback(callback(body)), 'INVALID_SIGNATURE');
      throwsWith(() => provider.parseCallback(callback(body, {}, { token: 'wrong' })), 'INVALID_SIGNATURE');
      assert.equal(provider.parseCallback(callback(body, {}, { token: 'url-secret' })).length, 1);
    });

    it('maps every ack (names and numbers) to our statuses with the bare id, skipping PENDING and unknown', () => {
      const acks: [unknown, unknown][] = [
        [-1, 'ERROR'],
        [0, 'PENDING'],
        [1, 'SERVER'],
        [2, 'DEVICE'],
        [3, 'READ'],
        [4, 'PLAYED'],
        [-1, undefined],
        [0, undefined],
        [1, undefined],
        [2, undefined],
        [3, undefined],
        [4, undefined],
        [7, 'WARPED'],
      ];
      const events = acks.flatMap(([ackValue, ackName], i) =>
        signedHook('message.ack', {
          id: `true_5511987654321@c.us_ID${i}`,
          from: '5511987654321@c.us',
          fromMe: true,
          ack: ackValue,
          ackName,
        }),
      );
      assert.deepEqual(
        events.map((e) => e.kind === 'status' && `${e.providerMessageId}:${e.status}`),
        [
          'ID0:failed',
          'ID2:sent',
          'ID3:delivered',
          'ID4:read',
          'ID5:read',
          'ID6:failed',
          'ID8:sent',
          'ID9:delivered',
          'ID10:read',
          'ID11:read',
        ],
      );
      assert.ok(deps.warnings.some((w) => w.status === 'WARPED'));
    });

    it('ignores acks of messages we did not send', () => {
      assert.deepEqual(signedHook('message.ack', { id: 'false_5511987654321@c.us_IN', fromMe: false, ack: 3, ackName: 'READ' }), []);
    });

    it('parses inbound messages: text, media, location', () => {
      const base = { from: '5511987654321@c.us', fromMe: false, timestamp: 1718000000, to: '5511900000000@c.us' };
      const [text] = signedHook('message', { ...base, id: 'false_5511987654321@c.us_3A9F', body: 'hi', hasMedia: false, media: null });
      assert.deepEqual(text, {
        kind: 'inbound',
        providerMessageId: '3A9F',
        from: '5511987654321',
        type: 'text',
        content: { text: 'hi' },
        occurredAt: '2024-06-10T06:13:20.000Z',
      });
      const [image] = signedHook('message', {
        ...base,
        id: 'false_x_M1',
        body: 'look',
        hasMedia: true,
        media: { url: 'http://waha:3000/api/files/m1.jpeg', mimetype: 'image/jpeg', filename: null },
      });
      assert.deepEqual(image?.kind === 'inbound' && [image.type, image.content], [
        'image',
        { url: 'http://waha:3000/api/files/m1.jpeg', mimeType: 'image/jpeg', caption: 'look' },
      ]);
      const [doc] = signedHook('message', {
        ...base,
        id: 'false_x_M2',
        body: '',
        hasMedia: true,
        media: { url: 'http://waha:3000/api/files/cv.pdf', mimetype: 'application/pdf', filename: 'cv.pdf' },
      });
      assert.deepEqual(doc?.kind === 'inbound' && [doc.type, doc.content], [
        'document',
        { url: 'http://waha:3000/api/files/cv.pdf', mimeType: 'application/pdf', filename: 'cv.pdf' },
      ]);
      const [place] = signedHook('message', {
        ...base,
        id: 'false_x_M3',
        body: '',
        hasMedia: false,
        location: { latitude: '-23.5', longitude: '-46.6', description: 'Home' },
      });
      assert.deepEqual(place?.kind === 'inbound' && [place.type, place.content], [
        'location',
        { latitude: -23.5, longitude: -46.6, name: 'Home' },
      ]);
    });

    it('filters self-echoes (message.any, fromMe) and non-phone senders out of the inbound path', () => {
      const base = {
        id: 'true_5511987654321@c.us_OUT',
        from: '5511987654321@c.us',
        fromMe: true,
        body: 'hi',
        hasMedia: false,
        timestamp: 1718000000,
      };
      assert.deepEqual(signedHook('message.any', base), []);
      assert.deepEqual(signedHook('message.any', { ...base, fromMe: false }), [], 'message.any is never the inbound path');
      assert.deepEqual(signedHook('message', base), []);
      assert.deepEqual(signedHook('message', { ...base, fromMe: false, from: '120363000000@g.us' }), []);
      // Since DESIGN.md §9 a LID sender is kept (its phone looked up later), and session.status is health.
      const [lid] = signedHook('message', { ...base, fromMe: false, from: '81896604192873@lid' });
      assert.equal(lid?.kind === 'inbound' && lid.from, '81896604192873@lid');
      assert.equal((signedHook('session.status', { status: 'WORKING' })[0] as { health: string }).health, 'ok');
    });
  });
});
