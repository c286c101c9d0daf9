import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createWhatsAppWapiProvider } from '../../../src/channels/whatsapp-wapi/whatsapp-wapi.provider.js';
import type { OutboundMessage } from '../../../src/channels/provider.js';
import { startWapiFake, wapiReceived, type WapiFake } from '../../fakes/wapi.fake.js';
import { callback, rejectsWith, testDeps, throwsWith } from '../../fakes/provider-test-kit.js';

const INSTANCE = 'VH1570-AP32GM';
const TOKEN = 'wapi-instance-token';

function message(type: OutboundMessage['type'], content: Record<string, unknown>): OutboundMessage {
  return { id: 'msg-0001', to: '5511987654321', type, content };
}

describe('whatsapp_wapi provider', () => {
  let fake: WapiFake;
  const deps = testDeps();
  const build = (extra: Record<string, unknown> = {}) =>
    createWhatsAppWapiProvider({ instanceId: INSTANCE, token: TOKEN, baseUrl: `${fake.url}/v1`, ...extra }, deps);
  const hook = (body: unknown) => build().parseCallback(callback(body));

  before(async () => {
    fake = await startWapiFake({ instanceId: INSTANCE, token: TOKEN });
  });
  after(() => fake.close());

  it('refuses to build without instanceId or token', () => {
    for (const key of ['instanceId', 'token']) {
      const config: Record<string, unknown> = { instanceId: INSTANCE, token: TOKEN };
      delete config[key];
      assert.match(throwsWith(() => createWhatsAppWapiProvider(config, deps), 'PROVIDER_MISCONFIGURED').message, new RegExp(key));
    }
  });

  describe('send', () => {
    it('sends text with Bearer auth and the instance in the query', async () => {
      const result = await build().send(message('text', { text: 'Your order #881 shipped' }));
      const req = fake.last();
      assert.equal(req.path, '/v1/message/send-text');
      assert.deepEqual(req.query, { instanceId: INSTANCE });
      assert.equal(req.headers.authorization, `Bearer ${TOKEN}`);
      assert.deepEqual(req.json, { phone: '5511987654321', message: 'Your order #881 shipped' });
      assert.match(result.providerMessageId, /^3EB0/);
    });

    it('translates media and documents', async () => {
      const provider = build();
      const cases: [OutboundMessage, string, Record<string, unknown>][] = [
        [
          message('image', { url: 'https://cdn.example.com/p/42.jpg', caption: 'Front view' }),
          'send-image',
          { phone: '5511987654321', image: 'https://cdn.example.com/p/42.jpg', caption: 'Front view' },
        ],
        [
          message('video', { url: 'https://cdn.example.com/v.mp4' }),
          'send-video',
          { phone: '5511987654321', video: 'https://cdn.example.com/v.mp4' },
        ],
        [
          message('audio', { url: 'https://cdn.example.com/a.mp3' }),
          'send-audio',
          { phone: '5511987654321', audio: 'https://cdn.example.com/a.mp3' },
        ],
        [
          message('document', { url: 'https://cdn.example.com/inv/881.pdf', filename: 'invoice-881.pdf' }),
          'send-document',
          { phone: '5511987654321', document: 'https://cdn.example.com/inv/881.pdf', fileName: 'invoice-881.pdf', extension: 'pdf' },
        ],
      ];
      for (const [outbound, action, body] of cases) {
        await provider.send(outbound);
        assert.equal(fake.last().path, `/v1/message/${action}`);
        assert.deepEqual(fake.last().json, body, outbound.type);
      }
    });

    // Locations are sent (DESIGN §9: send-location, tested in this file and declared-capabilities); templates are Meta's alone.
    it('refuses a template without calling W-API', async () => {
      const before = fake.requests.length;
      await rejectsWith(
        build().send(message('template', { name: 'x', language: 'pt_BR', components: [] })),
        'UNSUPPORTED_MESSAGE_TYPE',
        false,
      );
      assert.equal(fake.requests.length, before);
    });

    it('maps refusals (4xx, or 200 with error:true) to permanent and 5xx/timeouts to retryable', async () => {
      const err = await rejectsWith(build({ token: 'wrong' }).send(message('text', { text: 'hi' })), 'HTTP_401', false);
      assert.equal(err.message, 'Token inválido');
      fake.refuseWith200 = true;
      try {
        assert.equal(
          (await rejectsWith(build().send(message('text', { text: 'hi' })), 'WAPI_REFUSED', false)).message,
          'Instância desconectada',
        );
      } finally {
        fake.refuseWith200 = false;
      }
      fake.failNext({ status: 500, body: { error: true, message: 'Erro interno' } });
      await rejectsWith(build().send(message('text', { text: 'hi' })), 'HTTP_500', true);
      fake.failNext('hang');
      await rejectsWith(build({ timeoutMs: 100 }).send(message('text', { text: 'hi' })), 'PROVIDER_TIMEOUT', true);
    });
  });

  describe('callbacks', () => {
    it('refuses callbacks of another instance, or without the URL token when one is set', () => {
      throwsWith(() => hook(wapiReceived('OTHER')), 'INVALID_SIGNATURE');
      const guarded = build({ webhookToken: 'url-secret' });
      throwsWith(() => guarded.parseCallback(callback(wapiReceived(INSTANCE))), 'INVALID_SIGNATURE');
      assert.equal(guarded.parseCallback(callback(wapiReceived(INSTANCE), {}, { token: 'url-secret' })).length, 1);
    });

    it('maps every status of the reported vocabulary and skips unknown ones', () => {
      const statuses = ['SENT', 'RECEIVED', 'DELIVERED', 'READ', 'PLAYED', 'FAILED', 'ERROR', 'PENDING'];
      const events = statuses.flatMap((status, i) =>
        hook({ event: 'webhookStatus', instanceId: INSTANCE, messageId: `ID${i}`, status, moment: 1718000100 }),
      );
      assert.deepEqual(
        events.map((e) => e.kind === 'status' && `${e.providerMessageId}:${e.status}`),
        ['ID0:sent', 'ID1:delivered', 'ID2:delivered', 'ID3:read', 'ID4:read', 'ID5:failed', 'ID6:failed'],
      );
      assert.ok(deps.warnings.some((w) => w.status === 'PENDING'));
    });

    it('reads webhookDelivery as sent (failed with an error)', () => {
      assert.deepEqual(hook({ event: 'webhookDelivery', instanceId: INSTANCE, messageId: 'D1', fromMe: true, moment: 1718000000 }), [
        { kind: 'status', providerMessageId: 'D1', status: 'sent', occurredAt: '2024-06-10T06:13:20.000Z' },
      ]);
      assert.equal(
        hook({ event: 'webhookDelivery', instanceId: INSTANCE, messageId: 'D2', error: 'falhou' })[0]?.kind === 'status' && 'failed',
        'failed',
      );
    });

    it('parses inbound messages with the Baileys-like msgContent', () => {
      assert.deepEqual(hook(wapiReceived(INSTANCE)), [
        {
          kind: 'inbound',
          providerMessageId: '3A9F0E1D2C3B4A5968',
          from: '5511987654321',
          senderName: 'Maria Souza',
          type: 'text',
          content: { text: 'hi' },
          occurredAt: '2024-06-10T06:13:20.000Z',
        },
      ]);
      const [image] = hook(
        wapiReceived(INSTANCE, {
          msgContent: { imageMessage: { caption: 'look', mimetype: 'image/jpeg', url: 'https://mmg.whatsapp.net/x' } },
        }),
      );
      assert.deepEqual(image?.kind === 'inbound' && [image.type, image.content], [
        'image',
        { encryptedUrl: 'https://mmg.whatsapp.net/x', mimeType: 'image/jpeg', caption: 'look' },
      ]);
      const [button] = hook(
        wapiReceived(INSTANCE, {
          msgContent: { templateButtonReplyMessage: { selectedId: 'yes', selectedDisplayText: 'Yes', selectedIndex: 0 } },
        }),
      );
      assert.deepEqual(button?.kind === 'inbound' && [button.type, button.content], ['text', { text: 'Yes', payload: 'yes' }]);
    });

    it('uses the chat id when the sender is a @lid', () => {
      const [event] = hook(wapiReceived(INSTANCE, { sender: { id: '81896604192873@lid', pushName: 'Maria' } }));
      assert.equal(event?.kind === 'inbound' && event.from, '5511987654321');
    });

    it('reads self-echoes (fromMe) as echoes, never inbound; skips groups', () => {
      assert.deepEqual(
        hook(wapiReceived(INSTANCE, { fromMe: true })).map((e) => e.kind),
        ['echo'],
      );
      assert.deepEqual(hook(wapiReceived(INSTANCE, { isGroup: true, chat: { id: '120363000000@g.us' } })), []);
      assert.deepEqual(hook({ event: 'webhookConnected', instanceId: INSTANCE }), []);
    });
  });
});
