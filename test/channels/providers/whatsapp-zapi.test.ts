import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createWhatsAppZapiProvider } from '../../../src/channels/whatsapp-zapi/whatsapp-zapi.provider.js';
import type { OutboundMessage } from '../../../src/channels/provider.js';
import type { HttpFake } from '../../fakes/http-fake.js';
import { startZapiFake, zapiReceived, zapiStatus } from '../../fakes/zapi.fake.js';
import { callback, rejectsWith, testDeps, throwsWith } from '../../fakes/provider-test-kit.js';

const INSTANCE = '3C0FFEE';
const TOKEN = 'inst-token-9';
const CLIENT = 'account-security-token';

function message(type: OutboundMessage['type'], content: Record<string, unknown>): OutboundMessage {
  return { id: 'msg-0001', to: '5511987654321', type, content };
}

describe('whatsapp_zapi provider', () => {
  let fake: HttpFake;
  const deps = testDeps();
  const build = (extra: Record<string, unknown> = {}) =>
    createWhatsAppZapiProvider({ instanceId: INSTANCE, instanceToken: TOKEN, clientToken: CLIENT, baseUrl: fake.url, ...extra }, deps);
  const hook = (body: unknown) => build().parseCallback(callback(body));

  before(async () => {
    fake = await startZapiFake({ instanceId: INSTANCE, instanceToken: TOKEN, clientToken: CLIENT });
  });
  after(() => fake.close());

  it('refuses to build without instanceId or instanceToken', () => {
    for (const key of ['instanceId', 'instanceToken']) {
      const config: Record<string, unknown> = { instanceId: INSTANCE, instanceToken: TOKEN };
      delete config[key];
      assert.match(throwsWith(() => createWhatsAppZapiProvider(config, deps), 'PROVIDER_MISCONFIGURED').message, new RegExp(key));
    }
  });

  describe('send', () => {
    it('sends text with Client-Token and returns the WhatsApp messageId', async () => {
      const result = await build().send(message('text', { text: 'Your order #881 shipped' }));
      const req = fake.last();
      assert.equal(req.path, `/instances/${INSTANCE}/token/${TOKEN}/send-text`);
      assert.equal(req.headers['client-token'], CLIENT);
      assert.deepEqual(req.json, { phone: '5511987654321', message: 'Your order #881 shipped' });
      assert.match(result.providerMessageId, /^3EB0/);
    });

    it('translates media, document (extension in the path) and location (string coordinates)', async () => {
      const provider = build();
      const cases: [OutboundMessage, string, Record<string, unknown>][] = [
        [
          message('image', { url: 'https://cdn.example.com/p/42.jpg', caption: 'Front view' }),
          'send-image',
          { phone: '5511987654321', image: 'https://cdn.example.com/p/42.jpg', caption: 'Front view' },
        ],
        [
          message('video', { url: 'https://cdn.example.com/v.mp4', caption: 'Unboxing' }),
          'send-video',
          { phone: '5511987654321', video: 'https://cdn.example.com/v.mp4', caption: 'Unboxing' },
        ],
        [
          message('audio', { url: 'https://cdn.example.com/a.mp3' }),
          'send-audio',
          { phone: '5511987654321', audio: 'https://cdn.example.com/a.mp3' },
        ],
        [
          message('document', { url: 'https://cdn.example.com/inv/881', filename: 'invoice-881.PDF' }),
          'send-document/pdf',
          { phone: '5511987654321', document: 'https://cdn.example.com/inv/881', fileName: 'invoice-881' },
        ],
        [
          message('location', { latitude: -23.5614, longitude: -46.6559, name: 'Store Paulista', address: 'Av. Paulista 1000' }),
          'send-location',
          { phone: '5511987654321', title: 'Store Paulista', address: 'Av. Paulista 1000', latitude: '-23.5614', longitude: '-46.6559' },
        ],
      ];
      for (const [outbound, action, body] of cases) {
        await provider.send(outbound);
        assert.equal(fake.last().path, `/instances/${INSTANCE}/token/${TOKEN}/${action}`);
        assert.deepEqual(fake.last().json, body, outbound.type);
      }
    });

    it('refuses templates and documents without an extension, without calling Z-API', async () => {
      const before = fake.requests.length;
      await rejectsWith(
        build().send(message('template', { name: 'x', language: 'pt_BR', components: [] })),
        'UNSUPPORTED_MESSAGE_TYPE',
        false,
      );
      await rejectsWith(build().send(message('document', { url: 'https://cdn.example.com/download' })), 'INVALID_MESSAGE_CONTENT', false);
      assert.equal(fake.requests.length, before);
    });

    it('maps a missing Client-Token refusal to permanent and 5xx/drops to retryable, keeping the vendor text', async () => {
      const err = await rejectsWith(build({ clientToken: 'wrong' }).send(message('text', { text: 'hi' })), 'HTTP_400', false);
      assert.match(err.message, /client-token/);
      fake.failNext({ status: 502, body: { error: 'Bad Gateway' } });
      await rejectsWith(build().send(message('text', { text: 'hi' })), 'HTTP_502', true);
      fake.failNext('drop');
      await rejectsWith(build().send(message('text', { text: 'hi' })), 'PROVIDER_UNREACHABLE', true);
    });
  });

  describe('callbacks', () => {
    it('refuses callbacks of another instance, or without the URL token when one is set', () => {
      throwsWith(() => hook(zapiStatus('OTHER', 'READ', ['A'])), 'INVALID_SIGNATURE');
      throwsWith(() => hook({ type: 'MessageStatusCallback', status: 'READ', ids: ['A'] }), 'INVALID_SIGNATURE');
      const guarded = build({ webhookToken: 'url-secret' });
      throwsWith(() => guarded.parseCallback(callback(zapiStatus(INSTANCE, 'READ', ['A']))), 'INVALID_SIGNATURE');
      assert.equal(guarded.parseCallback(callback(zapiStatus(INSTANCE, 'READ', ['A']), {}, { token: 'url-secret' })).length, 1);
    });

    it('checks the stored copy against the channel callbackSecret too (either secret passes), and signs nothing itself', () => {
      const status = zapiStatus(INSTANCE, 'READ', ['A']);
      const secured = build({ callbackSecret: 'generated-secret-0123456789', webhookToken: 'url-secret' });
      throwsWith(() => secured.parseCallback(callback(status)), 'INVALID_SIGNATURE');
      throwsWith(() => secured.parseCallback(callback(status, {}, { token: 'wrong' })), 'INVALID_SIGNATURE');
      for (const token of ['generated-secret-0123456789', 'url-secret'])
        assert.equal(secured.parseCallback(callback(status, {}, { token })).length, 1, token);
      assert.equal(secured.verifySignature(callback(status)), false, 'the route must check the token');
    });

    it('maps every status, for each id, and skips READ_BY_ME, READ-SELF and unknown values', () => {
      const statuses = ['SENT', 'RECEIVED', 'READ', 'PLAYED', 'READ_BY_ME', 'READ-SELF', 'VANISHED'];
      const events = statuses.flatMap((status) => hook(zapiStatus(INSTANCE, status, [`${status}-1`, `${status}-2`])));
      assert.deepEqual(
        events.map((e) => e.kind === 'status' && `${e.providerMessageId}:${e.status}`),
        [
          'SENT-1:sent',
          'SENT-2:sent',
          'RECEIVED-1:delivered',
          'RECEIVED-2:delivered',
          'READ-1:read',
          'READ-2:read',
          'PLAYED-1:read',
          'PLAYED-2:read',
        ],
      );
      assert.equal(events[0]?.kind === 'status' && events[0].occurredAt, '2024-06-10T06:15:00.000Z');
      assert.ok(deps.warnings.some((w) => w.status === 'VANISHED'));
    });

    it('reads DeliveryCallback as sent, or failed when it carries an error', () => {
      const base = { type: 'DeliveryCallback', instanceId: INSTANCE, phone: '5511987654321', zaapId: 'Z1' };
      assert.deepEqual(hook({ ...base, messageId: 'D1' }), [{ kind: 'status', providerMessageId: 'D1', status: 'sent' }]);
      assert.deepEqual(hook({ ...base, messageId: 'D2', error: 'Number not on WhatsApp' }), [
        { kind: 'status', providerMessageId: 'D2', status: 'failed', error: { code: 'DELIVERY_ERROR', message: 'Number not on WhatsApp' } },
      ]);
    });

    it('parses inbound messages of every content block', () => {
      const [text] = hook(zapiReceived(INSTANCE, { text: { message: 'hi' } }));
      assert.deepEqual(text, {
        kind: 'inbound',
        providerMessageId: '3A9F0E1D2C3B4A5968',
        from: '5511987654321',
        // senderLid beside the phone: both are the sender's identities.
        identities: [
          { type: 'whatsapp', value: '5511987654321' },
          { type: 'whatsapp_lid', value: '81896604192873@lid' },
        ],
        senderName: 'Maria Souza',
        type: 'text',
        content: { text: 'hi' },
        occurredAt: '2024-06-10T06:13:20.000Z',
      });
      const cases: [Record<string, unknown>, string, Record<string, unknown>][] = [
        [
          {
            image: {
              imageUrl: 'https://z.example/i.jpg',
              thumbnailUrl: 'https://z.example/t.jpg',
              caption: 'look',
              mimeType: 'image/jpeg',
            },
          },
          'image',
          { url: 'https://z.example/i.jpg', mimeType: 'image/jpeg', caption: 'look' },
        ],
        [
          { audio: { audioUrl: 'https://z.example/a.ogg', mimeType: 'audio/ogg', ptt: true } },
          'audio',
          { url: 'https://z.example/a.ogg', mimeType: 'audio/ogg', voice: true },
        ],
        [
          { video: { videoUrl: 'https://z.example/v.mp4', caption: 'c', mimeType: 'video/mp4' } },
          'video',
          { url: 'https://z.example/v.mp4', mimeType: 'video/mp4', caption: 'c' },
        ],
        [
          {
            document: {
              documentUrl: 'https://z.example/cv.pdf',
              fileName: 'cv.pdf',
              title: 'cv',
              pageCount: 1,
              mimeType: 'application/pdf',
            },
          },
          'document',
          { url: 'https://z.example/cv.pdf', mimeType: 'application/pdf', filename: 'cv.pdf' },
        ],
        [
          { location: { latitude: -23.5, longitude: -46.6, name: 'Home' } },
          'location',
          { latitude: -23.5, longitude: -46.6, name: 'Home' },
        ],
        [{ sticker: { stickerUrl: 'https://z.example/s.webp' } }, 'image', { url: 'https://z.example/s.webp', sticker: true }],
      ];
      for (const [block, type, content] of cases) {
        const [event] = hook(zapiReceived(INSTANCE, block));
        assert.deepEqual(event?.kind === 'inbound' && [event.type, event.content], [type, content]);
      }
    });

    it('reads self-echoes (fromMe) as echoes (our own API sends, fromApi, skipped); skips groups and newsletters', () => {
      assert.deepEqual(
        hook(zapiReceived(INSTANCE, { fromMe: true, text: { message: 'sent from the phone' } })).map((e) => e.kind),
        ['echo'],
      );
      assert.deepEqual(hook(zapiReceived(INSTANCE, { fromMe: true, fromApi: true, text: { message: 'ours' } })), []);
      assert.deepEqual(hook(zapiReceived(INSTANCE, { isGroup: true, phone: '120363000000-group', text: { message: 'hi' } })), []);
      assert.deepEqual(hook(zapiReceived(INSTANCE, { isNewsletter: true, text: { message: 'hi' } })), []);
      assert.deepEqual(hook({ type: 'PresenceChatCallback', instanceId: INSTANCE, phone: '5511987654321', status: 'COMPOSING' }), []);
    });
  });
});
