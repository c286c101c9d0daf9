/**
 * Each adapter does exactly what it declares for DESIGN.md §9's `lid`, `bsuid` and `captions`
 * (reactions, edits, deletes and echoes are proven beside their own code): a caption reaches the
 * vendor's media request only where `captions` is declared; a LID sender becomes a `whatsapp_lid`
 * identity, and a LID chat is sent to, only where `lid` is; a BSUID likewise only where `bsuid` is.
 * Plus WAHA Core and `file.mimetype`, and W-API's location.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CHANNEL_KINDS } from '../../../src/channels/kinds.js';
import { capabilitiesOf, providerFor } from '../../../src/channels/registry.js';
import type { OutboundMessage } from '../../../src/channels/provider.js';
import { callback, testDeps } from '../../fakes/provider-test-kit.js';
import { startHttpFake, type HttpFake } from '../../fakes/http-fake.js';
import { wahaWebhook } from '../../fakes/waha.fake.js';

const WHATSAPP = CHANNEL_KINDS.filter((kind) => kind.startsWith('whatsapp_'));

describe('declared capabilities lid, bsuid, captions', () => {
  let fake: HttpFake;
  before(async () => {
    fake = await startHttpFake((req) => {
      if (req.path === '/api/server/version') return { status: 200, body: { version: '2025.6.1', engine: 'WEBJS', tier: 'CORE' } };
      if (req.method === 'HEAD') return { status: 200, body: '', headers: { 'content-type': 'image/webp' } };
      return {
        status: 200,
        body: {
          messages: [{ id: 'wamid.X' }],
          key: { id: 'EVO1' },
          id: 'true_5511987654321@c.us_WAHA1',
          messageId: 'MID1',
          error: false,
          html: '<p></p>',
        },
      };
    });
  });
  after(() => fake.close());

  const configs: Record<string, Record<string, unknown>> = {};
  const configFor = (kind: string): Record<string, unknown> =>
    configs[kind] ??
    ({
      whatsapp_official: { accessToken: 't', phoneNumberId: '1', appSecret: 's', baseUrl: fake.url },
      whatsapp_evo: { baseUrl: fake.url, instance: 'i', apiKey: 'k' },
      whatsapp_waha: { baseUrl: fake.url, edition: 'plus' },
      whatsapp_zapi: { instanceId: 'z', instanceToken: 't', baseUrl: fake.url },
      whatsapp_wapi: { instanceId: 'w', token: 't', baseUrl: fake.url },
    }[kind] as Record<string, unknown>);

  const message = (to: string, extra: Partial<OutboundMessage> = {}): OutboundMessage => ({
    id: '00000000-0000-0000-0000-000000000001',
    to,
    type: 'image',
    content: { url: 'https://example.com/cat.jpg', caption: 'CAPTION-MARK' },
    ...extra,
  });

  for (const kind of WHATSAPP) {
    it(`${kind}: captions ${capabilitiesOf(kind).captions}, lid ${capabilitiesOf(kind).lid}, bsuid ${capabilitiesOf(kind).bsuid}`, async () => {
      const caps = capabilitiesOf(kind);
      const provider = providerFor({ kind, config: configFor(kind) }, testDeps());
      const before = fake.requests.length;
      await provider.send(message('5511987654321'));
      const sent = JSON.stringify(fake.requests.slice(before).map((r) => r.json));
      assert.equal(sent.includes('CAPTION-MARK'), caps.captions, 'a caption reaches the vendor exactly when declared');

      if (caps.lid) {
        const at = fake.requests.length;
        await provider.send(message('13718@lid', { type: 'text', content: { text: 'hi' } }));
        assert.match(JSON.stringify(fake.requests.slice(at).map((r) => r.json)), /13718@lid/, 'a LID chat is sent to at its LID');
      }
      if (caps.bsuid) {
        const at = fake.requests.length;
        await provider.send(message('US.13491208655302741918', { type: 'text', content: { text: 'hi' } }));
        const body = fake.requests[at]!.json;
        assert.equal(body.recipient, 'US.13491208655302741918');
        assert.equal(body.to, undefined);
      }
    });
  }

  it('only the kinds declaring lid read a LID sender as a whatsapp_lid identity', () => {
    const lidBodies: Record<string, unknown> = {
      whatsapp_waha: wahaWebhook('message', {
        id: 'false_13718@lid_ID1',
        timestamp: 1718000000,
        from: '13718@lid',
        fromMe: false,
        body: 'hi',
        hasMedia: false,
      }),
      whatsapp_evo: {
        event: 'messages.upsert',
        apikey: 'k',
        data: {
          key: { remoteJid: '13718@lid', remoteJidAlt: '5511987654321@s.whatsapp.net', fromMe: false, id: 'E1' },
          message: { conversation: 'hi' },
        },
      },
    };
    for (const kind of WHATSAPP) {
      const body = lidBodies[kind];
      if (!body) {
        assert.equal(capabilitiesOf(kind).lid, false, `${kind} declares lid without a test body`);
        continue;
      }
      const events = providerFor({ kind, config: configFor(kind) }, testDeps()).parseCallback(callback(body));
      const identities = events.flatMap((e) =>
        e.kind === 'inbound' ? (e.identities ?? [{ type: e.from.endsWith('@lid') ? 'whatsapp_lid' : 'whatsapp', value: e.from }]) : [],
      );
      assert.equal(
        identities.some((i) => i.type === 'whatsapp_lid' && i.value === '13718@lid'),
        capabilitiesOf(kind).lid,
        kind,
      );
    }
  });

  it('WAHA Core (read from /api/server/version) refuses media; mediaAsLink sends the link as text; file.mimetype is always sent', async () => {
    const core = providerFor({ kind: 'whatsapp_waha', config: { baseUrl: fake.url } }, testDeps());
    await assert.rejects(
      core.send(message('5511987654321')),
      (err: { code: string; retryable: boolean }) => err.code === 'UNSUPPORTED_BY_CHANNEL' && !err.retryable,
    );
    const asLink = providerFor({ kind: 'whatsapp_waha', config: { baseUrl: fake.url, mediaAsLink: true } }, testDeps());
    await asLink.send(message('5511987654321'));
    assert.match(fake.last().path, /\/api\/sendText$/);
    assert.equal(fake.last().json.text, 'CAPTION-MARK\nhttps://example.com/cat.jpg');

    const plus = providerFor({ kind: 'whatsapp_waha', config: { baseUrl: fake.url, edition: 'plus' } }, testDeps());
    await plus.send(message('5511987654321', { content: { url: `${fake.url}/media/no-extension` } }));
    assert.equal(fake.last().json.file.mimetype, 'image/webp', "the URL's content type, when its name has no extension");
    await plus.send(message('5511987654321', { content: { url: 'https://example.com/x', mimeType: 'image/png' } }));
    assert.equal(fake.last().json.file.mimetype, 'image/png', "the file record's type first");
  });

  it('W-API sends locations through send-location', async () => {
    const provider = providerFor({ kind: 'whatsapp_wapi', config: configFor('whatsapp_wapi') }, testDeps());
    await provider.send(message('5511987654321', { type: 'location', content: { latitude: -23.55, longitude: -46.63, name: 'Office' } }));
    assert.match(fake.last().path, /\/message\/send-location$/);
    assert.deepEqual(fake.last().json, {
      phone: '5511987654321',
      latitude: '-23.55',
      longitude: '-46.63',
      title: 'Office',
      address: 'Office',
    });
  });
});
