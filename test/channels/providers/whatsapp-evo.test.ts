import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createWhatsAppEvoProvider } from '../../../src/channels/whatsapp-evo/whatsapp-evo.provider.js';
import type { OutboundMessage } from '../../../src/channels/provider.js';
import { evolutionWebhook, startEvolutionFake, type EvolutionFake } from '../../fakes/evolution.fake.js';
import { callback, rejectsWith, testDeps, throwsWith } from '../../fakes/provider-test-kit.js';

const API_KEY = 'evo-instance-token';
const INSTANCE = 'store-01';

function message(type: OutboundMessage['type'], content: Record<string, unknown>): OutboundMessage {
  return { id: 'msg-0001', to: '5511987654321', type, content };
}

describe('whatsapp_evo provider', () => {
  let fake: EvolutionFake;
  const deps = testDeps();
  const build = (extra: Record<string, unknown> = {}) =>
    createWhatsAppEvoProvider({ baseUrl: fake.url, instance: INSTANCE, apiKey: API_KEY, ...extra }, deps);
  const hook = (event: string, data: unknown, apikey = API_KEY) => build().parseCallback(callback(evolutionWebhook(event, data, apikey)));

  before(async () => {
    fake = await startEvolutionFake({ apiKey: API_KEY, instance: INSTANCE });
  });
  after(() => fake.close());

  it('refuses to build without baseUrl, instance or apiKey', () => {
    for (const key of ['baseUrl', 'instance', 'apiKey']) {
      const config: Record<string, unknown> = { baseUrl: 'http://127.0.0.1:1', instance: INSTANCE, apiKey: API_KEY };
      delete config[key];
      assert.match(throwsWith(() => createWhatsAppEvoProvider(config, deps), 'PROVIDER_MISCONFIGURED').message, new RegExp(key));
    }
  });

  describe('send', () => {
    it('sends text with the apikey header and returns key.id', async () => {
      const result = await build().send(message('text', { text: 'Your order #881 shipped' }));
      const req = fake.last();
      assert.equal(req.path, `/message/sendText/${INSTANCE}`);
      assert.equal(req.headers.apikey, API_KEY);
      assert.deepEqual(req.json, { number: '5511987654321', text: 'Your order #881 shipped' });
      assert.match(result.providerMessageId, /^3EB0/);
    });

    it('translates media, audio and location to their v2 routes and flat bodies', async () => {
      const provider = build();
      const cases: [OutboundMessage, string, Record<string, unknown>][] = [
        [
          message('image', { url: 'https://cdn.example.com/p/42.jpg', caption: 'Front view' }),
          'sendMedia',
          { number: '5511987654321', mediatype: 'image', media: 'https://cdn.example.com/p/42.jpg', caption: 'Front view' },
        ],
        [
          message('video', { url: 'https://cdn.example.com/v.mp4' }),
          'sendMedia',
          { number: '5511987654321', mediatype: 'video', media: 'https://cdn.example.com/v.mp4' },
        ],
        [
          message('document', { url: 'https://cdn.example.com/inv/881.pdf', caption: 'Invoice' }),
          'sendMedia',
          {
            number: '5511987654321',
            mediatype: 'document',
            media: 'https://cdn.example.com/inv/881.pdf',
            caption: 'Invoice',
            fileName: '881.pdf',
          },
        ],
        [
          message('audio', { url: 'https://cdn.example.com/a.mp3' }),
          'sendWhatsAppAudio',
          { number: '5511987654321', audio: 'https://cdn.example.com/a.mp3' },
        ],
        [
          message('location', { latitude: -23.5614, longitude: -46.6559, name: 'Store Paulista', address: 'Av. Paulista 1000' }),
          'sendLocation',
          { number: '5511987654321', latitude: -23.5614, longitude: -46.6559, name: 'Store Paulista', address: 'Av. Paulista 1000' },
        ],
      ];
      for (const [outbound, route, body] of cases) {
        await provider.send(outbound);
        assert.equal(fake.last().path, `/message/${route}/${INSTANCE}`);
        assert.deepEqual(fake.last().json, body, outbound.type);
      }
    });

    it('refuses templates without calling the gateway', async () => {
      const before = fake.requests.length;
      await rejectsWith(
        build().send(message('template', { name: 'x', language: 'pt_BR', components: [] })),
        'UNSUPPORTED_MESSAGE_TYPE',
        false,
      );
      assert.equal(fake.requests.length, before);
    });

    it('maps a number not on WhatsApp and a wrong apikey to permanent errors', async () => {
      fake.notOnWhatsApp.add('5511000000002');
      const err = await rejectsWith(build().send({ ...message('text', { text: 'hi' }), to: '5511000000002' }), 'NOT_ON_WHATSAPP', false);
      assert.match(err.message, /exists/);
      await rejectsWith(build({ apiKey: 'wrong' }).send(message('text', { text: 'hi' })), 'HTTP_401', false);
    });

    it('maps a 500 (instance not connected) and network failures to retryable errors', async () => {
      fake.failNext({
        status: 500,
        body: { status: 500, error: 'Internal Server Error', response: { message: "Cannot read properties of undefined (reading 'id')" } },
      });
      const err = await rejectsWith(build().send(message('text', { text: 'hi' })), 'HTTP_500', true);
      assert.match(err.message, /Cannot read properties/);
      fake.failNext('drop');
      await rejectsWith(build().send(message('text', { text: 'hi' })), 'PROVIDER_UNREACHABLE', true);
    });
  });

  describe('callbacks', () => {
    it('rejects a body whose apikey is missing or wrong', () => {
      throwsWith(() => hook('messages.update', { keyId: 'X', fromMe: true, status: 'READ' }, 'someone-else'), 'INVALID_SIGNATURE');
      throwsWith(() => build().parseCallback(callback({ event: 'messages.update', data: {} })), 'INVALID_SIGNATURE');
    });

    it('accepts the webhook token when it differs from the sending key', () => {
      const provider = build({ webhookApiKey: 'hook-token' });
      assert.equal(
        provider.parseCallback(callback(evolutionWebhook('messages.update', { keyId: 'A', fromMe: true, status: 'READ' }, 'hook-token')))
          .length,
        1,
      );
    });

    it('maps every Evolution status (names and 0..5) and skips PENDING, DELETED and unknown values', () => {
      const statuses = ['ERROR', 'PENDING', 'SERVER_ACK', 'DELIVERY_ACK', 'READ', 'PLAYED', 'DELETED', 0, 1, 2, 3, 4, 5, 'EXPLODED', 9];
      const events = statuses.flatMap((status, i) =>
        hook('messages.update', { keyId: `ID${i}`, remoteJid: '5511987654321@s.whatsapp.net', fromMe: true, status }),
      );
      assert.deepEqual(
        events.map((e) => e.kind === 'status' && [e.providerMessageId, e.status]),
        [
          ['ID0', 'failed'],
          ['ID2', 'sent'],
          ['ID3', 'delivered'],
          ['ID4', 'read'],
          ['ID5', 'read'],
          ['ID7', 'failed'],
          ['ID9', 'sent'],
          ['ID10', 'delivered'],
          ['ID11', 'read'],
          ['ID12', 'read'],
        ],
      );
      assert.ok(deps.warnings.some((w) => w.status === 'EXPLODED'));
    });

    it('accepts the older spread-key update shape and the upper-case event name', () => {
      const events = hook('MESSAGES_UPDATE', {
        id: 'OLD1',
        remoteJid: '5511987654321@s.whatsapp.net',
        fromMe: true,
        status: 'DELIVERY_ACK',
        dateTime: '2025-06-10T12:00:00.000Z',
      });
      assert.deepEqual(events, [
        { kind: 'status', providerMessageId: 'OLD1', status: 'delivered', occurredAt: '2025-06-10T12:00:00.000Z' },
      ]);
    });

    it('ignores receipts for messages we did not send (fromMe false)', () => {
      assert.deepEqual(hook('messages.update', { keyId: 'IN1', fromMe: false, status: 'READ' }), []);
    });

    it('parses inbound messages and normalizes the JID to digits', () => {
      const [event] = hook('messages.upsert', {
        key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: false, id: '3A9F0E1D2C3B4A5968' },
        pushName: 'Maria Souza',
        status: 'DELIVERY_ACK',
        message: { conversation: 'hi' },
        messageType: 'conversation',
        messageTimestamp: 1718000000,
      });
      assert.deepEqual(event, {
        kind: 'inbound',
        providerMessageId: '3A9F0E1D2C3B4A5968',
        from: '5511987654321',
        senderName: 'Maria Souza',
        type: 'text',
        content: { text: 'hi' },
        occurredAt: '2024-06-10T06:13:20.000Z',
      });
    });

    it('reads the Baileys content shapes', () => {
      const upsert = (id: string, message: Record<string, unknown>) =>
        hook('messages.upsert', {
          key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: false, id },
          message,
          messageTimestamp: 1718000000,
        })[0];
      const cases: [Record<string, unknown>, string, Record<string, unknown>][] = [
        [{ extendedTextMessage: { text: 'a link https://x.y' } }, 'text', { text: 'a link https://x.y' }],
        [
          { imageMessage: { url: 'https://mmg.whatsapp.net/e', mimetype: 'image/jpeg', caption: 'look' } },
          'image',
          { encryptedUrl: 'https://mmg.whatsapp.net/e', mimeType: 'image/jpeg', caption: 'look' },
        ],
        [
          { documentMessage: { fileName: 'cv.pdf', mimetype: 'application/pdf' }, mediaUrl: 'https://s3.example.com/cv.pdf' },
          'document',
          { url: 'https://s3.example.com/cv.pdf', mimeType: 'application/pdf', filename: 'cv.pdf' },
        ],
        [{ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } }, 'audio', { mimeType: 'audio/ogg; codecs=opus', voice: true }],
        [
          { locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Home' } },
          'location',
          { latitude: -23.5, longitude: -46.6, name: 'Home' },
        ],
        [{ stickerMessage: { url: 'https://mmg.whatsapp.net/s' } }, 'image', { encryptedUrl: 'https://mmg.whatsapp.net/s', sticker: true }],
      ];
      cases.forEach(([msg, type, content], i) => {
        const event = upsert(`M${i}`, msg);
        assert.equal(event?.kind === 'inbound' && event.type, type);
        assert.deepEqual(event?.kind === 'inbound' && event.content, content);
      });
    });

    it('reads self-echoes (fromMe) as echoes, never inbound; skips groups and broadcasts', () => {
      const base = { message: { conversation: 'hi' }, messageTimestamp: 1718000000 };
      assert.deepEqual(
        hook('messages.upsert', { ...base, key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: true, id: 'ECHO' } }).map(
          (e) => e.kind,
        ),
        ['echo'],
      );
      assert.deepEqual(hook('messages.upsert', { ...base, key: { remoteJid: '120363000000@g.us', fromMe: false, id: 'G' } }), []);
      assert.deepEqual(hook('messages.upsert', { ...base, key: { remoteJid: 'status@broadcast', fromMe: false, id: 'B' } }), []);
      assert.deepEqual(hook('send.message', { ...base, key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: true, id: 'S' } }), []);
    });

    it('takes the phone JID beside a @lid sender, and keeps a @lid without one as the sender (DESIGN.md §9)', () => {
      const base = { message: { conversation: 'hi' }, messageTimestamp: 1718000000 };
      const [event] = hook('messages.upsert', {
        ...base,
        key: { remoteJid: '81896604192873@lid', remoteJidAlt: '5511987654321@s.whatsapp.net', fromMe: false, id: 'L1' },
      });
      assert.equal(event?.kind === 'inbound' && event.from, '5511987654321');
      assert.deepEqual(event?.kind === 'inbound' && event.identities, [
        { type: 'whatsapp', value: '5511987654321' },
        { type: 'whatsapp_lid', value: '81896604192873@lid' },
      ]);
      const [lidOnly] = hook('messages.upsert', { ...base, key: { remoteJid: '81896604192873@lid', fromMe: false, id: 'L2' } });
      assert.equal(lidOnly?.kind === 'inbound' && lidOnly.from, '81896604192873@lid');
    });

    it('reads connection.update as the channel health, and ignores connecting', () => {
      assert.deepEqual(hook('connection.update', { state: 'open' }), [
        { kind: 'health', health: 'ok', code: 'open', message: 'connection open' },
      ]);
      assert.deepEqual(hook('connection.update', { state: 'connecting' }), []);
      assert.equal((hook('connection.update', { state: 'close', statusReason: 403 })[0] as { health: string }).health, 'banned');
    });
  });
});
