/**
 * POST /api/{organizationId}/chat/{chatId}/message-sequence (spec endpoint 9, DESIGN.md §6): the
 * answer at once, then every step delivered in order, each after the one before was accepted and
 * its delay passed; signing, temp ids, attachments, reply-to, auxiliary channels, the window, and
 * every refusal (4xx with the envelope, nothing stored).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startWhatsAppCloudFake, type WhatsAppCloudFake } from '../fakes/whatsapp-cloud.fake.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { post } from '../messages/support.js';
import { PNG, startWithFiles, upload } from '../files/support.js';
import { CLOUD, chatOn, officialChannel, sentOrder, waitForStatuses } from './support.js';

const sequencePath = (orgId: string, chatId: string) => `/api/${orgId}/chat/${chatId}/message-sequence`;

async function countRows(svc: TestService) {
  const sequences = await svc.db.selectFrom('message_sequences').select('id').execute();
  const messages = await svc.db.selectFrom('messages').select('id').where('sequence_id', 'is not', null).execute();
  return { sequences: sequences.length, messages: messages.length };
}

describeEachDatabase('message sequences', (env) => {
  let cloud: WhatsAppCloudFake;
  before(async () => {
    cloud = await startWhatsAppCloudFake(CLOUD);
  });
  after(() => cloud.close());

  it('answers 201 at once, then delivers every step in order, each after the previous was sent and its delay passed', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const { chatId } = await chatOn(svc, org, org.channels.whatsapp_zapi);
    const res = await post(
      svc,
      sequencePath(org.organizationId, chatId),
      {
        steps: [
          { content: 'one', delay_after_ms: 300, tempId: 't-1', sign_message: true },
          { content: 'two', delay_after_ms: 300, signMessage: false },
          { content: 'three', tempId: 't-3' },
        ],
      },
      org.keyHeader,
    );
    assert.equal(res.status, 201, res.text);
    assert.equal(res.json.success, true);
    assert.match(res.json.sequenceId, /^[0-9a-f-]{36}$/);
    assert.deepEqual(
      res.json.messages.map((m: { tempId: string | null; sequenceIndex: number }) => [m.tempId, m.sequenceIndex]),
      [
        ['t-1', 0],
        [null, 1],
        ['t-3', 2],
      ],
    );
    const ids: string[] = res.json.messages.map((m: { id: string }) => m.id);
    // Stored pending, in the chat, not due for the send sweep (the step jobs own them).
    const stored = await svc.db.selectFrom('messages').selectAll().where('sequence_id', '=', res.json.sequenceId).execute();
    assert.equal(stored.length, 3);
    for (const row of stored) {
      assert.equal(row.chat_id, chatId);
      assert.equal(row.send_due_at, null);
    }
    const byId = new Map(stored.map((row) => [row.id, row]));
    assert.equal(JSON.parse(byId.get(ids[0]!)!.content).text, '*Tester*:\none');
    assert.equal(JSON.parse(byId.get(ids[1]!)!.content).text, 'two');
    assert.equal(byId.get(ids[0]!)!.temp_id, 't-1');

    await waitForStatuses(svc, ids, (s) => s.every((x) => x !== 'pending'));
    const sent = await sentOrder(svc, ids);
    assert.deepEqual(
      sent.map((e) => e.message_id),
      ids,
    );
    assert.ok(Date.parse(sent[1]!.timestamp) - Date.parse(sent[0]!.timestamp) >= 300, 'step 1 waited step 0 delay');
    assert.ok(Date.parse(sent[2]!.timestamp) - Date.parse(sent[1]!.timestamp) >= 300, 'step 2 waited step 1 delay');
  });

  it("signs steps by default when the organization's settings.signMessagesByDefault is true, unless a step says not to", async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    await svc.db
      .updateTable('organizations')
      .set({ settings: JSON.stringify({ signMessagesByDefault: true }) })
      .where('id', '=', org.organizationId)
      .execute();
    const { chatId } = await chatOn(svc, org, org.channels.whatsapp_zapi);
    const res = await post(
      svc,
      sequencePath(org.organizationId, chatId),
      { steps: [{ content: 'a' }, { content: 'b', sign_message: false }] },
      org.keyHeader,
    );
    assert.equal(res.status, 201, res.text);
    const rows = await svc.db.selectFrom('messages').select(['id', 'content']).where('sequence_id', '=', res.json.sequenceId).execute();
    const text = (id: string) => JSON.parse(rows.find((r) => r.id === id)!.content).text;
    assert.equal(text(res.json.messages[0].id), '*Tester*:\na');
    assert.equal(text(res.json.messages[1].id), 'b');
  });

  it('sends attachments: files of the organization by a signed link, URL attachments as given', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const file = (await upload(svc, org.organizationId, org.keyHeader, PNG, 'photo.png', 'image/png')).json.data;
    const { chatId } = await chatOn(svc, org, org.channels.whatsapp_zapi);
    const res = await post(
      svc,
      sequencePath(org.organizationId, chatId),
      {
        steps: [
          { attachment_ids: [file.id], tempId: 'img' },
          { content: 'see the contract', url_attachments: [{ url: 'https://example.com/contract.pdf', name: 'contract.pdf' }] },
        ],
      },
      org.keyHeader,
    );
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(
      res.json.messages.map((m: { sequenceIndex: number }) => m.sequenceIndex),
      [0, 1, 1],
    );
    const ids: string[] = res.json.messages.map((m: { id: string }) => m.id);
    const rows = await svc.db.selectFrom('messages').selectAll().where('id', 'in', ids).execute();
    const row = (id: string) => rows.find((r) => r.id === id)!;
    assert.equal(row(ids[0]!).type, 'image');
    const image = JSON.parse(row(ids[0]!).content);
    assert.match(image.url, new RegExp(`/files/${file.id}/content\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    // The signed link serves the bytes without a key.
    const link = new URL(image.url);
    const fetched = await fetch(`${svc.url}${link.pathname}${link.search}`);
    assert.equal(fetched.status, 200);
    assert.equal(row(ids[1]!).type, 'text');
    assert.equal(row(ids[2]!).type, 'document');
    assert.deepEqual(JSON.parse(row(ids[2]!).content), { url: 'https://example.com/contract.pdf', filename: 'contract.pdf' });
    const statuses = await waitForStatuses(svc, ids, (s) => s.every((x) => x !== 'pending'));
    assert.ok(statuses.every((s) => s !== 'failed'));
  });

  it('content_as_caption: text and one file go as one captioned message where the channel has captions', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const file = (await upload(svc, org.organizationId, org.keyHeader, PNG, 'photo.png', 'image/png')).json.data;
    const step = { content: 'our menu', attachment_ids: [file.id], content_as_caption: true };
    const typesAndContents = async (channelId: string, to?: string) => {
      const { chatId } = await chatOn(svc, org, channelId, to);
      const res = await post(svc, sequencePath(org.organizationId, chatId), { steps: [step] }, org.keyHeader);
      assert.equal(res.status, 201, res.text);
      const ids: string[] = res.json.messages.map((m: { id: string }) => m.id);
      const rows = await svc.db.selectFrom('messages').select(['id', 'type', 'content']).where('id', 'in', ids).execute();
      return ids
        .map((id) => rows.find((r) => r.id === id)!)
        .map((r) => [r.type, JSON.parse(r.content).caption ?? JSON.parse(r.content).text]);
    };
    assert.deepEqual(await typesAndContents(org.channels.whatsapp_zapi), [['image', 'our menu']], 'one message, the text as caption');
    // Instagram has no captions: the text goes first, as without the flag.
    assert.deepEqual(await typesAndContents(org.channels.instagram, '1000000000000001'), [
      ['text', 'our menu'],
      ['image', undefined],
    ]);
  });

  it('refuses bad steps with 400 naming steps.N.field, and stores nothing', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const otherFile = (await upload(svc, other.organizationId, other.keyHeader, PNG)).json.data;
    const { chatId } = await chatOn(svc, org, org.channels.whatsapp_zapi);
    const { firstMessageId: otherChatMessage } = await chatOn(svc, org, org.channels.whatsapp_zapi, '5511911112222');
    const cases: [unknown, string][] = [
      [{}, 'steps'],
      [{ steps: [] }, 'steps'],
      [{ steps: Array.from({ length: 11 }, () => ({ content: 'x' })) }, 'steps'],
      [{ steps: [{ content: 'ok' }, {}] }, 'steps.1.content'],
      [{ steps: [{ content: 'ok' }, { attachment_ids: [], url_attachments: [] }] }, 'steps.1.content'],
      [{ steps: [{ content: '' }] }, 'steps.0.content'],
      [{ steps: [{ content: 'x', delay_after_ms: 86_400_001 }] }, 'steps.0.delay_after_ms'],
      [{ steps: [{ content: 'x', delay_after_ms: -1 }] }, 'steps.0.delay_after_ms'],
      [{ steps: [{ content: 'x', delay_after_ms: '10' }] }, 'steps.0.delay_after_ms'],
      [{ steps: [{ content: 'x', unknown: 1 }] }, 'steps.0.unknown'],
      [{ steps: [{ attachment_ids: ['nope'] }] }, 'steps.0.attachment_ids.0'],
      [{ steps: [{ attachment_ids: [otherFile.id] }] }, 'steps.0.attachment_ids.0'],
      [{ steps: [{ url_attachments: [{ url: 'http://example.com/a.pdf' }] }] }, 'steps.0.url_attachments.0.url'],
      [{ steps: [{ content: 'x' }], replyToMessageId: otherChatMessage }, 'replyToMessageId'],
      [{ steps: [{ content: 'x' }], auxiliaryChannelId: org.channels.email }, 'auxiliaryChannelId'],
      [{ steps: [{ content: 'x' }], auxiliaryChannelId: other.channels.whatsapp_zapi }, 'auxiliaryChannelId'],
      ['not json', 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await post(svc, sequencePath(org.organizationId, chatId), body, org.keyHeader);
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${res.text}`);
      assert.equal(res.json.error.code, 'VALIDATION_ERROR');
      assert.ok(
        res.json.error.details.some((d: { field: string }) => d.field === field),
        `${field} in ${res.text}`,
      );
    }
    assert.deepEqual(await countRows(svc), { sequences: 0, messages: 0 });
  });

  it("answers 404 for another organization's chat and 409 for a closed chat, changing nothing", async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const { chatId } = await chatOn(svc, org, org.channels.whatsapp_zapi);
    const body = { steps: [{ content: 'x' }] };
    const foreign = await post(svc, sequencePath(other.organizationId, chatId), body, other.keyHeader);
    assert.equal(foreign.status, 404, foreign.text);
    assert.equal(foreign.json.error.code, 'CHAT_NOT_FOUND');
    const notMember = await post(svc, sequencePath(org.organizationId, chatId), body, other.keyHeader);
    assert.equal(notMember.status, 403, notMember.text);
    const unknown = await post(svc, sequencePath(org.organizationId, '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f'), body, org.keyHeader);
    assert.equal(unknown.status, 404);
    await svc.db.updateTable('chats').set({ status: 'closed' }).where('id', '=', chatId).execute();
    const closed = await post(svc, sequencePath(org.organizationId, chatId), body, org.keyHeader);
    assert.equal(closed.status, 409, closed.text);
    assert.equal(closed.json.error.code, 'CHAT_CLOSED');
    const readOnly = await svc.services.tenancy.createApiKey(org.profileId, { name: 'ro', scopes: ['tags:read'] });
    const noScope = await post(svc, sequencePath(org.organizationId, chatId), body, { 'x-api-key': readOnly.key });
    assert.equal(noScope.status, 403);
    assert.deepEqual(await countRows(svc), { sequences: 0, messages: 0 });
  });

  it('honours Idempotency-Key: the same request replays the first answer and stores one sequence', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const { chatId } = await chatOn(svc, org, org.channels.whatsapp_zapi);
    const headers = { ...org.keyHeader, 'idempotency-key': 'seq-1' };
    const body = { steps: [{ content: 'x', tempId: 'a' }] };
    const first = await post(svc, sequencePath(org.organizationId, chatId), body, headers);
    const second = await post(svc, sequencePath(org.organizationId, chatId), body, headers);
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(second.json, first.json);
    const reused = await post(svc, sequencePath(org.organizationId, chatId), { steps: [{ content: 'y' }] }, headers);
    assert.equal(reused.status, 422);
    assert.deepEqual(await countRows(svc), { sequences: 1, messages: 1 });
  });

  it("refuses the whole sequence with 422 when WhatsApp's 24-hour window is closed", async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const channelId = await officialChannel(svc, org, cloud.url);
    const { chatId } = await chatOn(svc, org, channelId);
    // Now the channel enforces the window, and the customer never wrote.
    await svc.db
      .updateTable('channels')
      .set({ settings: JSON.stringify({ enforceWhatsAppWindow: true }) })
      .where('id', '=', channelId)
      .execute();
    const res = await post(svc, sequencePath(org.organizationId, chatId), { steps: [{ content: 'a' }, { content: 'b' }] }, org.keyHeader);
    assert.equal(res.status, 422, res.text);
    assert.equal(res.json.error.code, 'WHATSAPP_WINDOW_CLOSED');
    assert.deepEqual(await countRows(svc), { sequences: 0, messages: 0 });
  });

  it('quotes replyToMessageId on the first step only (whatsapp_official context.message_id)', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const channelId = await officialChannel(svc, org, cloud.url);
    const { chatId, firstMessageId } = await chatOn(svc, org, channelId);
    const replied = await svc.db
      .selectFrom('messages')
      .select('provider_message_id')
      .where('id', '=', firstMessageId)
      .executeTakeFirstOrThrow();
    assert.ok(replied.provider_message_id);
    const before = cloud.requests.length;
    const res = await post(
      svc,
      sequencePath(org.organizationId, chatId),
      { steps: [{ content: 'answer' }, { content: 'more' }], replyToMessageId: firstMessageId },
      org.keyHeader,
    );
    assert.equal(res.status, 201, res.text);
    const ids = res.json.messages.map((m: { id: string }) => m.id);
    await waitForStatuses(svc, ids, (s) => s.every((x) => x === 'sent'));
    const sent = cloud.requests.slice(before).map((r) => r.json);
    assert.equal(sent.length, 2);
    assert.equal(sent[0].text.body, 'answer');
    assert.deepEqual(sent[0].context, { message_id: replied.provider_message_id });
    assert.equal(sent[1].context, undefined);
    const first = await svc.db.selectFrom('messages').select('reply_to_message_id').where('id', '=', ids[0]).executeTakeFirstOrThrow();
    assert.equal(first.reply_to_message_id, firstMessageId);
  });

  it('sends through an auxiliary channel of the same family into the same chat', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const { chatId } = await chatOn(svc, org, org.channels.whatsapp_zapi);
    const res = await post(
      svc,
      sequencePath(org.organizationId, chatId),
      { steps: [{ content: 'via waha' }], auxiliaryChannelId: org.channels.whatsapp_waha },
      org.keyHeader,
    );
    assert.equal(res.status, 201, res.text);
    const row = await svc.db.selectFrom('messages').selectAll().where('id', '=', res.json.messages[0].id).executeTakeFirstOrThrow();
    assert.equal(row.channel_id, org.channels.whatsapp_waha);
    assert.equal(row.chat_id, chatId);
    assert.equal(row.recipient, '5511987654321');
    await waitForStatuses(svc, [row.id], (s) => s[0] === 'sent');
  });

  it('a step the provider refuses for good fails the steps after it (SEQUENCE_ABORTED), which are never sent', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const { chatId } = await chatOn(svc, org, org.channels.whatsapp_zapi);
    await svc.db
      .updateTable('channels')
      .set({ config: JSON.stringify({ sandbox: true, sendError: 'permanent' }) })
      .where('id', '=', org.channels.whatsapp_zapi)
      .execute();
    const res = await post(
      svc,
      sequencePath(org.organizationId, chatId),
      { steps: [{ content: 'a' }, { content: 'b' }, { content: 'c' }] },
      org.keyHeader,
    );
    assert.equal(res.status, 201, res.text);
    const ids = res.json.messages.map((m: { id: string }) => m.id);
    await waitForStatuses(svc, ids, (s) => s.every((x) => x === 'failed'));
    const rows = await svc.db.selectFrom('messages').select(['id', 'error_code']).where('id', 'in', ids).execute();
    const code = (id: string) => rows.find((r) => r.id === id)!.error_code;
    assert.equal(code(ids[0]), 'SANDBOX_REJECTED');
    assert.equal(code(ids[1]), 'SEQUENCE_ABORTED');
    assert.equal(code(ids[2]), 'SEQUENCE_ABORTED');
  });
});
