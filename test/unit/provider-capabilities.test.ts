/**
 * Provider capabilities (src/channels/registry.ts `capabilitiesOf`): what each kind declares, an
 * unknown kind declaring nothing, and each declaration matching what its adapter really refuses.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHANNEL_KINDS, type ChannelKind } from '../../src/channels/kinds.js';
import { MEDIA_KINDS, ProviderError, type MessageType } from '../../src/channels/provider.js';
import { capabilitiesOf, providers } from '../../src/channels/registry.js';

/** The smallest config each adapter builds from (no call is ever answered: fetch always fails). */
const MINIMAL_CONFIG: Record<ChannelKind, Record<string, unknown>> = {
  whatsapp_official: { accessToken: 't', phoneNumberId: '1', appSecret: 's' },
  whatsapp_wapi: { instanceId: 'i', token: 't' },
  whatsapp_zapi: { instanceId: 'i', instanceToken: 't' },
  whatsapp_waha: { baseUrl: 'http://127.0.0.1:1' },
  whatsapp_evo: { baseUrl: 'http://127.0.0.1:1', instance: 'i', apiKey: 'k' },
  email: { host: '127.0.0.1', from: 'hello@store.example' },
  instagram: { accessToken: 't', appSecret: 's' },
  facebook: { accessToken: 't', appSecret: 's' },
};

const noNetwork = (async () => {
  throw new Error('no network in this test');
}) as unknown as typeof fetch;

const CONTENT: Partial<Record<MessageType, Record<string, unknown>>> = {
  template: { name: 'order_update', language: 'en', components: [] },
};
const MEDIA = { url: 'https://cdn.example.com/files/report.pdf', filename: 'report.pdf', caption: 'c' };

describe('capabilitiesOf', () => {
  it('templates: only whatsapp_official', () => {
    assert.deepEqual(
      CHANNEL_KINDS.filter((kind) => capabilitiesOf(kind).templates),
      ['whatsapp_official'],
    );
  });

  it('an unknown kind (or an Object.prototype key) can do nothing', () => {
    for (const kind of ['telegram', 'sandbox', '', 'toString', '__proto__', 'constructor']) {
      assert.deepEqual(
        capabilitiesOf(kind),
        {
          templates: false,
          quotedReplies: false,
          mediaKinds: [],
          lid: false,
          bsuid: false,
          captions: false,
          news: { reactions: false, sendReactions: false, edits: false, deletes: false, echoes: false },
        },
        kind,
      );
    }
  });

  it('every kind declares its capabilities, with known media kinds only', () => {
    for (const kind of CHANNEL_KINDS) {
      const capabilities = capabilitiesOf(kind);
      assert.equal(typeof capabilities.templates, 'boolean', kind);
      assert.equal(typeof capabilities.quotedReplies, 'boolean', kind);
      for (const media of capabilities.mediaKinds) assert.ok(MEDIA_KINDS.includes(media), `${kind}: ${media}`);
    }
  });

  for (const kind of CHANNEL_KINDS) {
    it(`${kind}: the adapter refuses exactly the media kinds and templates it does not declare`, async () => {
      const provider = providers[kind](MINIMAL_CONFIG[kind], { fetch: noNetwork, fetchMedia: noNetwork });
      const capabilities = capabilitiesOf(kind);
      for (const type of [...MEDIA_KINDS, 'template'] as const) {
        const declared = type === 'template' ? capabilities.templates : capabilities.mediaKinds.includes(type);
        const error = await provider
          .send({ id: '0190a0b0-0000-7000-8000-000000000001', to: '5511987654321', type, content: CONTENT[type] ?? MEDIA })
          .then(
            () => undefined,
            (err: unknown) => err,
          );
        assert.ok(error instanceof ProviderError, `${kind} ${type}: a ProviderError (no network here), got ${String(error)}`);
        assert.equal(error.code === 'UNSUPPORTED_MESSAGE_TYPE', !declared, `${kind} ${type}: ${error.code} ${error.message}`);
      }
    });
  }
});
