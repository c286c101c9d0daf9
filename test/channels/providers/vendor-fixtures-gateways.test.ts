/**
 * WAHA's, Z-API's and the Messenger Platform's own payloads (test/fixtures/vendors/{waha,zapi,messenger},
 * sources and edits in each SOURCES.md) posted to the callback route of real channels the way each
 * vendor calls it (WAHA signed with X-Webhook-Hmac, Z-API with the URL token, Messenger signed with
 * X-Hub-Signature-256): messages stored with their type and content, media downloaded into our files,
 * reactions, edits and revokes applied to the original message (never a new one), the business's
 * echoes stored as outbound `source: 'phone'`, statuses mapped, a LID sender resolved.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, it } from 'node:test';
import { describeEachDatabase, json, type TestService } from '../../support/harness.js';
import { waitFor } from '../../messages/support.js';
import { deliverCallback } from '../callback-support.js';
import { metaSigned } from '../../fakes/provider-test-kit.js';
import { startHttpFake, type HttpFake } from '../../fakes/http-fake.js';
import { wahaHmac } from '../../fakes/waha.fake.js';
import { zapiReceived } from '../../fakes/zapi.fake.js';

const HMAC_KEY = 'fixtures-hmac-key';
const WAHA_KEY = 'fixtures-waha-key';
const FB_SECRET = 'fixtures-fb-secret';
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

const raw = (vendor: string, name: string) =>
  readFileSync(new URL(`../../fixtures/vendors/${vendor}/${name}.json`, import.meta.url), 'utf8');
/** WAHA's docs name every party 11111111111 (no valid number, so nobody): a fake Brazilian mobile instead. */
const wahaRaw = (name: string) => raw('waha', name).replaceAll('11111111111@c.us', '5511987654321@c.us');
/** Meta's samples name the customer `<PSID>`; a Page-scoped id is a number (this one made up). */
const PSID = '24536789012345678';
/** The Page id of Meta's attachment sample (its other samples say `<PAGE_ID>`, which the adapter does not check in `recipient`). */
const PAGE_ID = '682498302938465';
const messengerRaw = (name: string) => raw('messenger', name).replaceAll('<PSID>', PSID);
const fixture = (vendor: string, name: string) =>
  JSON.parse(vendor === 'waha' ? wahaRaw(name) : vendor === 'messenger' ? messengerRaw(name) : raw(vendor, name)) as Record<string, any>;

describeEachDatabase('gateway and Messenger fixtures through the callback route', (env) => {
  let waha: HttpFake;
  let svc: TestService;
  let organizationId: string;
  const channels: Record<string, { id: string; webhookUrl: string }> = {};

  before(async () => {
    // WAHA: its files behind the API key, and its LID endpoint knowing one LID.
    waha = await startHttpFake((req) => {
      if (req.path.startsWith('/api/files/'))
        return req.headers['x-api-key'] === WAHA_KEY
          ? { status: 200, body: JPEG, headers: { 'content-type': 'image/jpeg' } }
          : { status: 401, body: { message: 'Unauthorized' } };
      if (req.path.startsWith('/fb/')) return { status: 200, body: JPEG, headers: { 'content-type': 'image/jpeg' } };
      if (decodeURIComponent(req.path) === '/api/default/lids/100000000000041@lid')
        return { status: 200, body: { lid: '100000000000041@lid', pn: '6281234567890@c.us' } };
      return { status: 404, body: { message: 'not found' } };
    });
  });
  after(async () => {
    await waha.close();
  });

  /** A started service (the harness ends it after each test) with a channel of each vendor. */
  async function setup() {
    svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    organizationId = (await svc.seedOrganization()).organizationId;
    const create = async (name: string, kind: string, config: Record<string, unknown>) => {
      const res = await svc.admin('POST', `/organizations/${organizationId}/channels`, {
        kind,
        name,
        config,
        settings: { maxPerSecond: 0 },
      });
      assert.equal(res.statusCode, 201, res.body);
      channels[name] = json(res).data;
    };
    await create('waha', 'whatsapp_waha', { baseUrl: waha.url, apiKey: WAHA_KEY, hmacKey: HMAC_KEY, allowPrivateBaseUrl: true });
    // Z-API's examples name two instances: the id most carry, and "instance.id" (the image's and
    // audio's repeated `instanceId` key, the last one read, and every status and delivery body).
    const NOWHERE = 'http://127.0.0.1:9';
    await create('zapi', 'whatsapp_zapi', { instanceId: 'A20DA9C0183A2D35A260F53F5D2B9244', instanceToken: 'zt', baseUrl: NOWHERE });
    await create('zapi2', 'whatsapp_zapi', { instanceId: 'instance.id', instanceToken: 'zt', baseUrl: NOWHERE });
    await create('messenger', 'facebook', { accessToken: 'EAAB-fb', appSecret: FB_SECRET, pageId: PAGE_ID, baseUrl: NOWHERE });
  }

  /** Posts a body as the vendor would (raw text, the vendor's auth) and waits until it is applied. */
  async function deliver(channel: string, body: string | Record<string, unknown>, headers: Record<string, string> = {}) {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const { webhookUrl } = channels[channel]!;
    const extra = channel === 'waha' ? wahaHmac(text, HMAC_KEY) : channel === 'messenger' ? metaSigned(text, FB_SECRET).headers : {};
    await deliverCallback(svc, webhookUrl, text, { ...extra, ...headers });
  }

  const byProviderId = (channel: string, providerMessageId: string) =>
    svc.db
      .selectFrom('messages')
      .selectAll()
      .where('channel_id', '=', channels[channel]!.id)
      .where('provider_message_id', '=', providerMessageId)
      .execute();
  async function one(channel: string, providerMessageId: string) {
    const rows = await byProviderId(channel, providerMessageId);
    assert.equal(rows.length, 1, `one message ${providerMessageId} on ${channel}`);
    return rows[0]!;
  }
  const countOn = async (channel: string) =>
    (await svc.db.selectFrom('messages').select('id').where('channel_id', '=', channels[channel]!.id).execute()).length;
  const eventsOf = async (type: string) =>
    (await svc.db.selectFrom('events').select('payload').where('type', '=', type).orderBy('seq').execute()).map((r) =>
      JSON.parse(r.payload),
    );

  it('WAHA: image (downloaded with the API key), LID sender resolved, echo, ack, reaction, edit, revoke, session status', async () => {
    await setup();
    // The business typing on the phone (message.any, fromMe; docs "message"): outbound, source phone.
    await deliver('waha', wahaRaw('message-any-echo'));
    const echo = await one('waha', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    assert.deepEqual([echo.direction, echo.source, JSON.parse(echo.content)], ['outbound', 'phone', { text: 'Hi there!' }]);
    assert.equal((await eventsOf('message.echoed')).length, 1);

    // Inbound image (docs "Files"): its URL names WAHA's host, here the local fake; its id is the
    // docs' same placeholder as the echo's, so it is renamed here.
    await deliver(
      'waha',
      wahaRaw('message-image').replaceAll('http://localhost:3000', waha.url).replaceAll('A'.repeat(32), 'B'.repeat(32)),
    );
    const image = await one('waha', 'B'.repeat(32));
    assert.deepEqual([image.type, image.direction], ['image', 'inbound']);
    const fetched = await waitFor(
      () => one('waha', 'B'.repeat(32)),
      (row) => typeof JSON.parse(row.content).fileId === 'string',
    );
    const content = JSON.parse(fetched.content);
    assert.equal(content.mimeType, 'image/jpeg');
    assert.ok(!String(content.url).startsWith(waha.url), 'the vendor URL is replaced by our signed link');
    assert.equal(waha.requests.find((r) => r.path.startsWith('/api/files/'))?.headers['x-api-key'], WAHA_KEY);

    // A LID-only sender (NOWEB, issue #1418): the phone comes from GET /api/default/lids/{lid}.
    const lidPayload = fixture('waha', 'message-lid-payload');
    await deliver('waha', { event: 'message', session: 'default', engine: 'NOWEB', payload: lidPayload });
    const lidMessage = await one('waha', '3A8E1EBFE4943CA06D82');
    assert.deepEqual([lidMessage.type, JSON.parse(lidMessage.content)], ['text', { text: 'Iya sist' }]);
    const chat = await svc.db.selectFrom('chats').select(['customer_id']).where('id', '=', lidMessage.chat_id).executeTakeFirstOrThrow();
    const contacts = await svc.db
      .selectFrom('customer_contacts')
      .select(['type', 'value'])
      .where('customer_id', '=', chat.customer_id)
      .orderBy('type')
      .execute();
    assert.deepEqual(contacts, [
      { type: 'whatsapp', value: '6281234567890' },
      { type: 'whatsapp_lid', value: '100000000000041@lid' },
    ]);

    // An echo with its own id, then the docs' ack READ for it, then the docs' reaction to it.
    const ownEcho = fixture('waha', 'message-any-echo');
    ownEcho.payload.id = 'true_11111111111@c.us_4CC5EDD64BC22EBA6D639F2AF571346C';
    await deliver('waha', ownEcho);
    const phoneSent = await one('waha', '4CC5EDD64BC22EBA6D639F2AF571346C');
    assert.deepEqual([phoneSent.direction, phoneSent.source, JSON.parse(phoneSent.content)], ['outbound', 'phone', { text: 'Hi there!' }]);
    assert.equal((await eventsOf('message.echoed')).length, 2);
    await deliver('waha', wahaRaw('ack-read'));
    assert.equal((await one('waha', '4CC5EDD64BC22EBA6D639F2AF571346C')).status, 'read');

    const reactionTarget = fixture('waha', 'message-any-echo');
    reactionTarget.payload.id = 'true_79111111@c.us_11111111111111111111111111111111';
    reactionTarget.payload.to = '5511987654322@c.us';
    await deliver('waha', reactionTarget);
    await deliver('waha', wahaRaw('reaction'));
    const reacted = await one('waha', '11111111111111111111111111111111');
    assert.deepEqual(
      JSON.parse(reacted.reactions!).map((r: { emoji: string; from: string }) => [r.emoji, r.from]),
      [['🙏', 'customer']],
    );

    // Edit and revoke of a customer's message (the docs' AAAAAAAAAAAAAAAA), applied to it.
    await deliver('waha', {
      event: 'message',
      session: 'default',
      payload: { id: 'false_5511987654323@c.us_AAAAAAAAAAAAAAAA', timestamp: 1667561485, from: '5511987654323@c.us', body: 'Old body' },
    });
    const before = await countOn('waha');
    await deliver('waha', wahaRaw('message-edited'));
    await deliver('waha', wahaRaw('message-revoked'));
    const edited = await one('waha', 'AAAAAAAAAAAAAAAA');
    assert.deepEqual(JSON.parse(edited.content), { text: 'New body' });
    assert.equal(JSON.parse(edited.edits!)[0].content.text, 'Old body');
    assert.ok(edited.deleted_at);
    assert.equal(await countOn('waha'), before, 'no edit or revoke became a message');

    // session.status WORKING: the channel is healthy.
    await deliver('waha', wahaRaw('session-status-working'));
    const health = await svc.db.selectFrom('channels').select('health').where('id', '=', channels.waha!.id).executeTakeFirstOrThrow();
    assert.equal(health.health, 'ok');
  });

  it('Z-API: text, image, audio, sticker, reaction, statuses, delivery and disconnection', async () => {
    await setup();
    await deliver('zapi', raw('zapi', 'received-text'));
    const text = await one('zapi', 'A20DA9C0183A2D35A260F53F5D2B9244');
    assert.deepEqual([text.type, JSON.parse(text.content)], ['text', { text: 'test' }]);
    // Its `senderLid` beside the phone is learned as the customer's LID.
    const chat = await svc.db.selectFrom('chats').select('customer_id').where('id', '=', text.chat_id).executeTakeFirstOrThrow();
    assert.deepEqual(
      await svc.db
        .selectFrom('customer_contacts')
        .select(['type', 'value'])
        .where('customer_id', '=', chat.customer_id)
        .orderBy('type')
        .execute(),
      [
        { type: 'whatsapp', value: '5544999999999' },
        { type: 'whatsapp_lid', value: '10000000000051@lid' },
      ],
    );

    // The image and audio examples name "instance.id" last, and the same messageId: one each on its own channel.
    await deliver('zapi2', raw('zapi', 'received-image'));
    const image = await one('zapi2', 'A20DA9C0183A2D35A260F53F5D2B9244');
    assert.equal(image.type, 'image');
    // (its "https://" is no URL: the media download fails for good and drops it, sooner or later)
    assert.equal(JSON.parse(image.content).mimeType, 'image/jpeg');
    await svc.db.deleteFrom('messages').where('id', '=', image.id).execute();
    await deliver('zapi2', raw('zapi', 'received-audio'));
    const audio = await one('zapi2', 'A20DA9C0183A2D35A260F53F5D2B9244');
    assert.equal(audio.type, 'audio');
    assert.equal(JSON.parse(audio.content).voice, true);
    assert.equal(JSON.parse(audio.content).mimeType, 'audio/ogg; codecs=opus');
    await svc.db.deleteFrom('messages').where('id', '=', audio.id).execute();

    // A sticker is an image (image/webp), not an unknown message.
    await deliver('zapi2', raw('zapi', 'received-sticker'));
    const sticker = await one('zapi2', 'A20DA9C0183A2D35A260F53F5D2B9244');
    assert.equal(sticker.type, 'image');
    const stickerContent = JSON.parse(sticker.content);
    assert.deepEqual([stickerContent.mimeType, stickerContent.sticker], ['image/webp', true]);
    // Downloaded like any image: the docs' "https://" is no URL, so the try is noted on it.
    const tried = await waitFor(
      async () => JSON.parse((await one('zapi2', 'A20DA9C0183A2D35A260F53F5D2B9244')).content),
      (c) => c.mediaError !== undefined || c.fileId !== undefined,
    );
    assert.ok(tried.mediaError, 'the sticker went to the media download');

    // The reaction names our message 3EB0796DC6B777C0C7CD (fromMe): one sent from the phone first.
    await deliver(
      'zapi',
      zapiReceived('A20DA9C0183A2D35A260F53F5D2B9244', {
        messageId: '3EB0796DC6B777C0C7CD',
        phone: '5544999999999',
        fromMe: true,
        text: { message: 'Olá' },
      }),
    );
    await deliver('zapi', raw('zapi', 'received-reaction'));
    const reacted = await one('zapi', '3EB0796DC6B777C0C7CD');
    assert.deepEqual([reacted.direction, reacted.source], ['outbound', 'phone']);
    assert.deepEqual(
      JSON.parse(reacted.reactions!).map((r: { emoji: string; from: string }) => [r.emoji, r.from]),
      [['❤️', 'customer']],
    );

    // Statuses of 999999999999999999999 (a message sent from the phone on "instance.id").
    await deliver(
      'zapi2',
      zapiReceived('instance.id', { messageId: '999999999999999999999', phone: '5544999999999', fromMe: true, text: { message: 'x' } }),
    );
    const statusOf = async () => (await one('zapi2', '999999999999999999999')).status;
    await deliver('zapi2', raw('zapi', 'status-sent'));
    assert.equal(await statusOf(), 'sent');
    await deliver('zapi2', raw('zapi', 'status-received'));
    assert.equal(await statusOf(), 'delivered');
    await deliver('zapi2', raw('zapi', 'status-read-by-me'));
    assert.equal(await statusOf(), 'delivered', 'READ_BY_ME is us reading theirs');
    await deliver('zapi2', raw('zapi', 'status-read'));
    assert.equal(await statusOf(), 'read');
    await deliver('zapi2', raw('zapi', 'status-played'));
    const played = await one('zapi2', '999999999999999999999');
    assert.equal(played.status, 'read');
    assert.ok(played.played_at);

    // DeliveryCallback (our send handed to WhatsApp) for A20DA9…, here a message sent from the phone.
    await svc.db
      .deleteFrom('messages')
      .where('channel_id', '=', channels.zapi2!.id)
      .where('provider_message_id', '=', 'A20DA9C0183A2D35A260F53F5D2B9244')
      .execute();
    await deliver(
      'zapi2',
      zapiReceived('instance.id', {
        messageId: 'A20DA9C0183A2D35A260F53F5D2B9244',
        phone: '554499999999',
        fromMe: true,
        text: { message: 'y' },
      }),
    );
    await deliver('zapi2', raw('zapi', 'delivery'));
    assert.equal((await one('zapi2', 'A20DA9C0183A2D35A260F53F5D2B9244')).status, 'sent');

    // DisconnectedCallback: the channel's health.
    await deliver('zapi2', raw('zapi', 'disconnected'));
    const health = await svc.db.selectFrom('channels').select('health').where('id', '=', channels.zapi2!.id).executeTakeFirstOrThrow();
    assert.equal(health.health, 'disconnected');
    const unknown = await svc.db.selectFrom('messages').select('id').where('type', '=', 'unknown').execute();
    assert.deepEqual(unknown, [], 'no payload stored as an unknown message');
  });

  it("Messenger: text, image, a reaction and an edit on the customer's message, the Page's echo, delivery and read", async () => {
    await setup();
    const page = (item: Record<string, unknown>) => ({
      object: 'page',
      entry: [{ id: PAGE_ID, time: 1458668856463, messaging: [item] }],
    });
    // Text (with a quick reply's payload); its mid is the echo sample's too, so it is renamed here.
    const text = fixture('messenger', 'message-text');
    text.message.mid = 'mid.text-sample';
    await deliver('messenger', page(text));
    const inboundText = await one('messenger', 'mid.text-sample');
    assert.deepEqual(
      [inboundText.type, JSON.parse(inboundText.content)],
      ['text', { text: 'hello, world!', payload: '<DEVELOPER_DEFINED_PAYLOAD>' }],
    );
    // An attachment (the sample is a whole entry; its type and URL are Meta's placeholders, chosen here).
    const attachment = raw('messenger', 'message-attachment-entry')
      .replaceAll('<PSID>', PSID)
      .replace('<image|video|audio|file>', 'image')
      .replace('<ATTACHMENT_URL>', `${waha.url}/fb/photo.jpg`);
    await deliver('messenger', { object: 'page', entry: [JSON.parse(attachment)] });
    const image = await one('messenger', 'mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_c');
    assert.equal(image.type, 'image');
    const tried = await waitFor(
      async () => JSON.parse((await one('messenger', 'mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_c')).content),
      (c) => c.fileId !== undefined || c.mediaError !== undefined,
    );
    assert.ok(tried.fileId ?? tried.mediaError, 'the image went to the media download');

    for (const mid of ['<MID_OF_ReactedTo_Message>', '<MESSAGE_ID>']) {
      await deliver(
        'messenger',
        page({ sender: { id: PSID }, recipient: { id: '<PAGE_ID>' }, timestamp: 1458668850000, message: { mid, text: 'Original' } }),
      );
    }
    await deliver('messenger', page(fixture('messenger', 'reaction')));
    const reacted = await one('messenger', '<MID_OF_ReactedTo_Message>');
    assert.deepEqual(
      JSON.parse(reacted.reactions!).map((r: { emoji: string; from: string }) => [r.emoji, r.from]),
      [['❤️', 'customer']],
    );
    const unreact = fixture('messenger', 'reaction');
    unreact.reaction.action = 'unreact';
    await deliver('messenger', page(unreact));
    assert.equal((await one('messenger', '<MID_OF_ReactedTo_Message>')).reactions, null);

    await deliver('messenger', page(fixture('messenger', 'message-edit')));
    const edited = await one('messenger', '<MESSAGE_ID>');
    assert.deepEqual(JSON.parse(edited.content), { text: '<TEXT>' });
    assert.ok(edited.edited_at);
    assert.equal(await countOn('messenger'), 4, 'no reaction or edit became a message');

    await deliver('messenger', page(fixture('messenger', 'echo-text')));
    const echo = await one('messenger', 'mid.1457764197618:41d102a3e1ae206a38');
    assert.deepEqual([echo.direction, echo.source, JSON.parse(echo.content)], ['outbound', 'phone', { text: 'hello, world!' }]);
    assert.equal(echo.chat_id, reacted.chat_id, "in the customer's chat");

    // Delivery of a Page message (sent from the inbox: an echo with the delivery sample's mid), then read.
    const sentFromInbox = fixture('messenger', 'echo-text');
    sentFromInbox.message.mid = 'mid.1458668856218:ed81099e15d3f4f233';
    await deliver('messenger', page(sentFromInbox));
    await deliver('messenger', page(fixture('messenger', 'delivery')));
    assert.equal((await one('messenger', 'mid.1458668856218:ed81099e15d3f4f233')).status, 'delivered');
    // The read sample's watermark (2016) predates every message here: read as of now instead.
    const read = fixture('messenger', 'read');
    read.read.watermark = Date.now() + 1000;
    await deliver('messenger', page(read));
    assert.equal((await one('messenger', 'mid.1458668856218:ed81099e15d3f4f233')).status, 'read');
    const unknown = await svc.db.selectFrom('messages').select('id').where('type', '=', 'unknown').execute();
    assert.deepEqual(unknown, [], 'no payload stored as an unknown message');
  });
});
