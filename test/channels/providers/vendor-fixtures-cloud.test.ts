/**
 * The Cloud API's own payloads (test/fixtures/vendors/whatsapp-cloud, sources in SOURCES.md) posted
 * signed to the callback route of a real whatsapp_official channel: reactions, edits, revokes and the
 * business app's echoes land on the original message, with their events; none becomes a message.
 * And an agent's reaction reaches the Cloud API fake as Meta's `type: reaction` body.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, it } from 'node:test';
import { describeEachDatabase, json, type TestService } from '../../support/harness.js';
import { post, waitFor } from '../../messages/support.js';
import { metaSigned } from '../../fakes/provider-test-kit.js';
import { cloudWebhook, startWhatsAppCloudFake, type WhatsAppCloudFake } from '../../fakes/whatsapp-cloud.fake.js';

const TOKEN = 'EAAB-fixture-token';
const SECRET = 'fixture-app-secret';

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../fixtures/vendors/whatsapp-cloud/${name}.json`, import.meta.url), 'utf8'));
}

describeEachDatabase('WhatsApp Cloud API fixtures through the callback route', (env) => {
  let cloud: WhatsAppCloudFake;
  before(async () => {
    cloud = await startWhatsAppCloudFake({ accessToken: TOKEN, phoneNumberId: '1122334455667' });
  });
  after(() => cloud.close());

  async function channel(phoneNumberId: string) {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization();
    const created = await svc.admin('POST', `/organizations/${org.organizationId}/channels`, {
      kind: 'whatsapp_official',
      name: 'Cloud API (fixtures)',
      config: { accessToken: TOKEN, phoneNumberId, appSecret: SECRET, baseUrl: cloud.url },
      settings: { enforceWhatsAppWindow: false },
    });
    assert.equal(created.statusCode, 201, created.body);
    return { svc, org, channelId: json(created).data.id as string };
  }

  async function deliver(svc: TestService, channelId: string, body: unknown) {
    const signed = metaSigned(body, SECRET);
    const res = await post(svc, `/channels/${channelId}/webhook`, signed.body, signed.headers);
    assert.equal(res.status, 200, res.text);
    const id = res.json.data.id as string;
    await waitFor(
      () => svc.db.selectFrom('provider_callbacks').select('processed_at').where('id', '=', id).executeTakeFirst(),
      (row) => row?.processed_at != null,
    );
  }

  /** The original message, stored as a customer's message with the id the fixture names (from a Brazilian number: pywa's 972987654321 is no valid Israeli number). */
  async function original(svc: TestService, channelId: string, phoneNumberId: string, id: string, message: Record<string, unknown>) {
    await deliver(
      svc,
      channelId,
      cloudWebhook({ messages: [{ from: '5511987654321', id, timestamp: '1697044000', ...message }] }, phoneNumberId),
    );
    return svc.db.selectFrom('messages').selectAll().where('provider_message_id', '=', id).executeTakeFirstOrThrow();
  }

  const eventsOf = async (svc: TestService, type: string) =>
    (await svc.db.selectFrom('events').select('payload').where('type', '=', type).orderBy('seq').execute()).map((r) =>
      JSON.parse(r.payload),
    );

  it('reaction, then its removal (empty emoji, and no emoji field): on the message, never a message', async () => {
    const { svc, org, channelId } = await channel('1122334455667');
    const target = await original(svc, channelId, '1122334455667', 'wamid.yzxyzx=', { type: 'text', text: { body: 'Is it open?' } });
    await deliver(svc, channelId, fixture('reaction'));
    let row = await svc.db.selectFrom('messages').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    assert.deepEqual(
      JSON.parse(row.reactions!).map((r: { emoji: string; from: string }) => [r.emoji, r.from]),
      [['😮', 'customer']],
    );
    await deliver(svc, channelId, fixture('unreaction-empty'));
    row = await svc.db.selectFrom('messages').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    assert.equal(row.reactions, null);
    await deliver(svc, channelId, fixture('reaction'));
    await deliver(svc, channelId, fixture('unreaction-no-emoji'));
    row = await svc.db.selectFrom('messages').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    assert.equal(row.reactions, null);
    assert.deepEqual(
      (await eventsOf(svc, 'message.reaction')).map((e) => e.emoji),
      ['😮', null, '😮', null],
    );
    const all = await svc.db.selectFrom('messages').select(['id', 'type']).where('organization_id', '=', org.organizationId).execute();
    assert.deepEqual(
      all.map((m) => m.id),
      [target.id],
      'no reaction became a message',
    );

    // An agent reacts back: stored as the business's, sent as Meta's reaction body by the job.
    const res = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/chats/${target.chat_id}/messages/${target.id}/reactions`,
      headers: org.keyHeader,
      payload: { emoji: '🙏' },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      json(res).data.reactions.map((r: { emoji: string; from: string }) => [r.emoji, r.from]),
      [['🙏', 'agent']],
    );
    const sent = await waitFor(
      async () => cloud.requests.find((r) => r.json?.type === 'reaction' && r.json?.reaction?.emoji === '🙏'),
      (r) => r !== undefined,
    );
    assert.deepEqual(sent?.json, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'reaction',
      reaction: { message_id: 'wamid.yzxyzx=', emoji: '🙏' },
    });
  });

  it('an edited caption replaces the content and keeps the earlier one', async () => {
    const { svc, channelId } = await channel('106540352242922');
    const id = 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=';
    const target = await original(svc, channelId, '106540352242922', id, {
      type: 'image',
      image: { caption: 'First caption', mime_type: 'image/jpeg', id: '1234567890' },
    });
    await deliver(svc, channelId, fixture('edit-image-caption'));
    const row = await svc.db.selectFrom('messages').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    assert.equal(JSON.parse(row.content).caption, 'Updated image caption');
    assert.equal(JSON.parse(row.edits!)[0].content.caption, 'First caption');
    assert.ok(row.edited_at);
    assert.equal((await eventsOf(svc, 'message.edited')).length, 1);
    assert.equal((await svc.db.selectFrom('messages').select('id').execute()).length, 1);
  });

  it('a revoke sets deletedAt and keeps the content (Meta placeholders as they are)', async () => {
    const { svc, channelId } = await channel('<BUSINESS_PHONE_NUMBER_ID>');
    const target = await original(svc, channelId, '<BUSINESS_PHONE_NUMBER_ID>', '<ORIGINAL_WHATSAPP_MESSAGE_ID>', {
      type: 'text',
      text: { body: 'oops' },
    });
    await deliver(svc, channelId, fixture('revoke'));
    const row = await svc.db.selectFrom('messages').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    assert.ok(row.deleted_at);
    assert.deepEqual(JSON.parse(row.content), { text: 'oops' });
    assert.deepEqual(
      (await eventsOf(svc, 'message.deleted')).map((e) => e.message_id),
      [target.id],
    );
  });

  it("the business app's echoes: edits and revokes of its message apply; an echo naming no phone is skipped", async () => {
    const { svc, channelId } = await channel('1122334455667');
    const target = await original(svc, channelId, '1122334455667', 'wamid.zzzzzz', { type: 'text', text: { body: 'Text' } });
    await deliver(svc, channelId, fixture('echo-edit'));
    await deliver(svc, channelId, fixture('echo-revoke'));
    const row = await svc.db.selectFrom('messages').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(row.content), { text: 'Text was edited' });
    assert.ok(row.deleted_at);
    // Meta's sample names the recipient "<WHATSAPP_USER_PHONE_NUMBER>": not a number, so nothing is stored.
    await deliver(svc, channelId, fixture('echo-text'));
    assert.equal((await svc.db.selectFrom('messages').select('id').execute()).length, 1);
    // The same echo with a real number is stored as sent from the phone.
    const echo = fixture('echo-text') as { entry: { changes: { value: { message_echoes: Record<string, unknown>[] } }[] }[] };
    echo.entry[0]!.changes[0]!.value.message_echoes[0]!.to = '5511987654321';
    await deliver(svc, channelId, echo);
    const phone = await svc.db
      .selectFrom('messages')
      .selectAll()
      .where('provider_message_id', '=', '<WHATSAPP_MESSAGE_ID>')
      .executeTakeFirstOrThrow();
    assert.equal(phone.source, 'phone');
    assert.equal(phone.direction, 'outbound');
    assert.equal(phone.chat_id, target.chat_id);
    assert.deepEqual(JSON.parse(phone.content), { text: 'Test message' });
    assert.equal((await eventsOf(svc, 'message.echoed')).length, 1);
  });
});
