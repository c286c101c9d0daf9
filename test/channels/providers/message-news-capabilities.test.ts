/**
 * Each adapter does exactly what its `news` capabilities declare (DESIGN.md §9): for every kind that
 * declares reactions, edits, deletes or echoes, a callback of that kind in the vendor's shape parses
 * into that news (never an inbound message); `sendReactions` holds exactly when the adapter can
 * `react`, and its call is the vendor's documented one. Vendor fixtures through the real route:
 * vendor-fixtures-*.test.ts; the 422 for a channel that cannot react: message-reactions.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHANNEL_KINDS, type ChannelKind } from '../../../src/channels/kinds.js';
import type { CallbackRequest, NormalizedEvent } from '../../../src/channels/provider.js';
import { capabilitiesOf, providers } from '../../../src/channels/registry.js';
import { callback, metaSigned } from '../../fakes/provider-test-kit.js';

type News = 'reactions' | 'edits' | 'deletes' | 'echoes';
const EVENT: Record<News, NormalizedEvent['kind']> = { reactions: 'reaction', edits: 'edit', deletes: 'delete', echoes: 'echo' };

const CONFIG: Record<ChannelKind, Record<string, unknown>> = {
  whatsapp_official: { accessToken: 't', phoneNumberId: 'PN', appSecret: 's', baseUrl: 'http://vendor.test' },
  whatsapp_evo: { baseUrl: 'http://vendor.test', instance: 'shop', apiKey: 'k' },
  whatsapp_waha: { baseUrl: 'http://vendor.test' },
  whatsapp_zapi: { instanceId: 'I1', instanceToken: 'T1', baseUrl: 'http://vendor.test' },
  whatsapp_wapi: { instanceId: 'I1', token: 'T1', baseUrl: 'http://vendor.test' },
  instagram: { accessToken: 't', appSecret: 's', appId: 'OUR_APP' },
  facebook: { accessToken: 't', appSecret: 's', appId: 'OUR_APP' },
  email: { host: 'smtp.example.com', from: 'a@example.com' },
};

const cloud = (field: string, value: Record<string, unknown>) =>
  metaSigned(
    {
      object: 'whatsapp_business_account',
      entry: [{ id: 'W', changes: [{ field, value: { metadata: { phone_number_id: 'PN' }, ...value } }] }],
    },
    's',
  );
const cloudMessage = (message: Record<string, unknown>) =>
  cloud('messages', { messages: [{ from: '5511987654321', id: 'wamid.N', timestamp: '1700000000', ...message }] });
const evo = (event: string, data: Record<string, unknown>) => callback({ event, instance: 'shop', data, apikey: 'k' });
const evoUpsert = (message: Record<string, unknown>, fromMe = false) =>
  evo('messages.upsert', { key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe, id: 'NEW' }, message, messageTimestamp: 1700000000 });
const waha = (event: string, payload: Record<string, unknown>) => callback({ event, session: 'default', payload });
const zapi = (body: Record<string, unknown>) =>
  callback({ type: 'ReceivedCallback', instanceId: 'I1', messageId: 'Z1', phone: '5511987654321', momment: 1700000000000, ...body });
const wapi = (msgContent: Record<string, unknown>, fromMe = false) =>
  callback({
    event: 'webhookReceived',
    instanceId: 'I1',
    messageId: 'W1',
    fromMe,
    sender: { id: '5511987654321' },
    chat: { id: '5511987654321' },
    moment: 1700000000,
    msgContent,
  });
const messenger = (object: string, item: Record<string, unknown>) =>
  metaSigned(
    {
      object,
      entry: [
        { id: 'me', time: 1, messaging: [{ sender: { id: 'PSID1' }, recipient: { id: 'PAGE1' }, timestamp: 1700000000000, ...item }] },
      ],
    },
    's',
  );
const messengerNews = (object: string): Partial<Record<News, CallbackRequest>> => ({
  reactions: messenger(object, { reaction: { mid: 'm.1', action: 'react', emoji: '😍', reaction: 'love' } }),
  edits: messenger(object, { message_edit: { mid: 'm.1', text: 'edited', num_edit: 1 } }),
  deletes: messenger(object, { message: { mid: 'm.1', is_deleted: true } }),
  echoes: metaSigned(
    {
      object,
      entry: [
        {
          id: 'me',
          time: 1,
          messaging: [
            {
              sender: { id: 'PAGE1' },
              recipient: { id: 'PSID1' },
              timestamp: 1700000000000,
              message: { mid: 'm.2', is_echo: true, app_id: 'INBOX_APP', text: 'from the inbox' },
            },
          ],
        },
      ],
    },
    's',
  ),
});

/** A callback of each news kind, in the vendor's shape, per kind (only for what the vendor sends). */
const CALLBACKS: Record<ChannelKind, Partial<Record<News, CallbackRequest>>> = {
  whatsapp_official: {
    reactions: cloudMessage({ type: 'reaction', reaction: { message_id: 'wamid.T', emoji: '👍' } }),
    edits: cloudMessage({ type: 'edit', edit: { original_message_id: 'wamid.T', message: { type: 'text', text: { body: 'new' } } } }),
    deletes: cloudMessage({ type: 'revoke', revoke: { original_message_id: 'wamid.T' } }),
    echoes: cloud('smb_message_echoes', {
      message_echoes: [
        { from: '15550001111', to: '5511987654321', id: 'wamid.E', timestamp: '1700000000', type: 'text', text: { body: 'hi' } },
      ],
    }),
  },
  whatsapp_evo: {
    reactions: evoUpsert({ reactionMessage: { key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: true, id: 'T' }, text: '👍' } }),
    edits: evo('messages.edited', {
      key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: false, id: 'T' },
      type: 'MESSAGE_EDIT',
      editedMessage: { conversation: 'new' },
    }),
    deletes: evo('messages.delete', { remoteJid: '5511987654321@s.whatsapp.net', fromMe: false, id: 'T' }),
    echoes: evoUpsert({ conversation: 'from the phone' }, true),
  },
  whatsapp_waha: {
    reactions: waha('message.reaction', {
      id: 'false_5511987654321@c.us_R',
      from: '5511987654321@c.us',
      fromMe: false,
      reaction: { text: '👍', messageId: 'true_5511987654321@c.us_T' },
    }),
    edits: waha('message.edited', {
      id: 'E',
      from: '5511987654321@c.us',
      fromMe: false,
      body: 'new',
      editedMessageId: 'false_5511987654321@c.us_T',
    }),
    deletes: waha('message.revoked', { revokedMessageId: 'false_5511987654321@c.us_T' }),
    echoes: waha('message.any', {
      id: 'true_5511987654321@c.us_P',
      from: '15550001111@c.us',
      to: '5511987654321@c.us',
      fromMe: true,
      body: 'from the phone',
      timestamp: 1700000000,
    }),
  },
  whatsapp_zapi: {
    reactions: zapi({
      fromMe: false,
      reaction: {
        value: '👍',
        time: 1700000000000,
        reactionBy: '5511987654321',
        referencedMessage: { messageId: 'T', fromMe: true, phone: '5511987654321' },
      },
    }),
    edits: zapi({ isEdit: true, messageId: 'T', text: { message: 'new' } }),
    echoes: zapi({ fromMe: true, fromApi: false, text: { message: 'from the phone' } }),
  },
  whatsapp_wapi: {
    reactions: wapi({ reactionMessage: { key: { id: 'T' }, text: '👍' } }),
    edits: wapi({ protocolMessage: { key: { id: 'T' }, type: 14, editedMessage: { conversation: 'new' } } }),
    deletes: wapi({ protocolMessage: { key: { id: 'T' }, type: 0 } }),
    echoes: wapi({ conversation: 'from the phone' }, true),
  },
  instagram: messengerNews('instagram'),
  facebook: messengerNews('page'),
  email: {},
};

describe('news capabilities (DESIGN §9): each adapter does exactly what it declares', () => {
  for (const kind of CHANNEL_KINDS) {
    const declared = capabilitiesOf(kind).news;
    const provider = providers[kind](CONFIG[kind], { fetch, fetchMedia: fetch });
    for (const news of ['reactions', 'edits', 'deletes', 'echoes'] as const) {
      it(`${kind} ${declared[news] ? 'parses' : 'declares no'} ${news}`, () => {
        const request = CALLBACKS[kind][news];
        if (!declared[news]) {
          assert.equal(request, undefined, `${kind} parses ${news} but does not declare them`);
          return;
        }
        assert.ok(request, `${kind} declares ${news}: a vendor-shaped callback must be listed here`);
        const events = provider.parseCallback(request);
        assert.deepEqual(
          events.map((e) => e.kind),
          [EVENT[news]],
          JSON.stringify(events),
        );
      });
    }
    it(`${kind}: sendReactions (${declared.sendReactions}) exactly when the adapter can react`, () => {
      assert.equal(typeof provider.react === 'function', declared.sendReactions);
    });
  }
});

/** The vendor call each reacting adapter makes (verified against the vendors' docs: docs/providers.md). */
const REACT_CALLS: [ChannelKind, string, string, Record<string, unknown>][] = [
  [
    'whatsapp_official',
    'POST',
    'http://vendor.test/v21.0/PN/messages',
    {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'reaction',
      reaction: { message_id: 'T', emoji: '👍' },
    },
  ],
  [
    'whatsapp_evo',
    'POST',
    'http://vendor.test/message/sendReaction/shop',
    { key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: false, id: 'T' }, reaction: '👍' },
  ],
  [
    'whatsapp_waha',
    'PUT',
    'http://vendor.test/api/reaction',
    { session: 'default', messageId: 'false_5511987654321@c.us_T', reaction: '👍' },
  ],
  [
    'whatsapp_zapi',
    'POST',
    'http://vendor.test/instances/I1/token/T1/send-reaction',
    { phone: '5511987654321', messageId: 'T', reaction: '👍' },
  ],
  [
    'whatsapp_wapi',
    'POST',
    'http://vendor.test/message/send-reaction?instanceId=I1',
    { phone: '5511987654321', messageId: 'T', reaction: '👍' },
  ],
];

describe('agents’ reactions: the vendor call', () => {
  for (const [kind, method, url, body] of REACT_CALLS) {
    it(`${kind}: ${method} ${url.replace('http://vendor.test', '')}`, async () => {
      const calls: { method: string; url: string; body: unknown }[] = [];
      const stub = (async (input: string | URL, init?: RequestInit) => {
        calls.push({ method: init?.method ?? 'GET', url: String(input), body: JSON.parse(String(init?.body)) });
        return new Response(JSON.stringify({ key: { id: 'X' }, messages: [{ id: 'X' }], messageId: 'X' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }) as typeof fetch;
      const provider = providers[kind](CONFIG[kind], { fetch: stub, fetchMedia: stub });
      await provider.react!({ to: '5511987654321', targetProviderMessageId: 'T', targetFromMe: false, emoji: '👍' });
      assert.deepEqual(calls, [{ method, url, body }]);
    });
  }
});
