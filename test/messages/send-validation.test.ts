import assert from 'node:assert/strict';
import { it } from 'node:test';
import { newId } from '../../src/lib/ids.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { post } from './support.js';

function fields(res: { json: any }): string[] {
  return res.json.error.details.map((d: { field: string }) => d.field).sort();
}

async function addTemplate(svc: TestService, organizationId: string, channelId: string, name: string, status: string) {
  const now = new Date().toISOString();
  await svc.db
    .insertInto('templates')
    .values({
      id: newId(),
      organization_id: organizationId,
      channel_id: channelId,
      name,
      language: 'pt_BR',
      status,
      components: '[]',
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function countRows(svc: TestService) {
  const messages = await svc.db.selectFrom('messages').select(svc.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const customers = await svc.db.selectFrom('customers').select(svc.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const chats = await svc.db.selectFrom('chats').select(svc.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { messages: Number(messages.n), customers: Number(customers.n), chats: Number(chats.n) };
}

describeEachDatabase('send endpoint: validation, channels and access', (env) => {
  it('lists every bad field of the envelope and of the content at once', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const empty = await post(svc, '/v1/messages/send', {}, org.bearer);
    assert.equal(empty.status, 400);
    assert.equal(empty.json.success, false);
    assert.equal(empty.json.error.code, 'VALIDATION_ERROR');
    assert.deepEqual(fields(empty), ['channel_id', 'content', 'to', 'type']);

    const base = { channel_id: org.channels.whatsapp_official, to: '5511987654321' };
    const cases: [string, Record<string, unknown>, string[]][] = [
      ['text', {}, ['content.text']],
      ['text', { text: '' }, ['content.text']],
      ['image', { url: 'http://example.com/a.jpg' }, ['content.url']],
      ['image', { url: 'not a url', caption: 5 }, ['content.caption', 'content.url']],
      ['video', { caption: 'x' }, ['content.url']],
      ['audio', { url: 'ftp://example.com/a.ogg' }, ['content.url']],
      ['document', { url: 'https://example.com/a.pdf', filename: '' }, ['content.filename']],
      ['location', { latitude: 91, longitude: -181 }, ['content.latitude', 'content.longitude']],
      ['location', { latitude: '10', longitude: 10 }, ['content.latitude']],
      ['location', { latitude: 10 }, ['content.longitude']],
      ['template', { name: 'welcome', language: 'pt-BR' }, ['content.language']],
      [
        'template',
        { language: 'pt_BR', components: [{ parameters: 'x' }] },
        ['content.components.0.parameters', 'content.components.0.type', 'content.name'],
      ],
      ['text', { text: 'hi', extra: 1 }, ['content.extra']],
    ];
    for (const [type, content, expected] of cases) {
      const res = await post(svc, '/v1/messages/send', { ...base, type, content }, org.bearer);
      assert.equal(res.status, 400, `${type} ${JSON.stringify(content)}`);
      assert.deepEqual(fields(res), expected, `${type} ${JSON.stringify(content)}`);
    }
    const badType = await post(svc, '/v1/messages/send', { ...base, type: 'sticker', content: {} }, org.bearer);
    assert.deepEqual(fields(badType), ['type']);
    const together = await post(
      svc,
      '/v1/messages/send',
      { channel_id: 'nope', to: '', type: 'location', content: { latitude: 100, longitude: 0 } },
      org.bearer,
    );
    assert.deepEqual(fields(together), ['channel_id', 'content.latitude', 'to']);
    assert.deepEqual(await countRows(svc), { messages: 0, customers: 0, chats: 0 });
  });

  it('validates and normalizes `to` for the channel kind', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const text = { type: 'text', content: { text: 'hi' } };
    for (const [kind, to] of [
      ['whatsapp_zapi', 'abc'],
      ['whatsapp_official', '123'],
      ['email', 'not-an-email'],
      ['instagram', 'has space'],
      ['facebook', 'a@b'],
    ] as const) {
      const res = await post(svc, '/v1/messages/send', { channel_id: org.channels[kind], to, ...text }, org.bearer);
      assert.equal(res.status, 400, `${kind} ${to}`);
      assert.deepEqual(fields(res), ['to'], `${kind} ${to}`);
    }
    // A bare national number takes the organization's default country (BR by default).
    const national = await post(
      svc,
      '/v1/messages/send',
      { channel_id: org.channels.whatsapp_wapi, to: '(11) 98765-4321', ...text },
      org.bearer,
    );
    assert.equal(national.status, 201, national.text);
    assert.equal(national.json.data.to, '5511987654321');
    // "000…" is the sandbox's failing recipient, accepted only on a sandbox channel.
    const real = await svc.admin('POST', `/organizations/${org.organizationId}/channels`, {
      kind: 'whatsapp_zapi',
      name: 'real',
      config: { instanceId: 'I1', instanceToken: 'T1', clientToken: 'C1' },
    });
    const onReal = await post(svc, '/v1/messages/send', { channel_id: json(real).data.id, to: '000123', ...text }, org.bearer);
    assert.deepEqual(fields(onReal), ['to']);
    assert.equal((await countRows(svc)).messages, 1);
  });

  it('sends templates only on whatsapp_official and only when approved for that channel', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    await addTemplate(svc, org.organizationId, org.channels.whatsapp_official, 'welcome', 'approved');
    await addTemplate(svc, org.organizationId, org.channels.whatsapp_official, 'draft', 'pending');
    const other = await svc.seedOrganization({ name: 'Other' });
    await addTemplate(svc, other.organizationId, other.channels.whatsapp_official, 'theirs', 'approved');
    const template = (name: string) => ({
      type: 'template',
      to: '5511987654321',
      content: { name, language: 'pt_BR', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }] },
    });
    const ok = await post(svc, '/v1/messages/send', { channel_id: org.channels.whatsapp_official, ...template('welcome') }, org.bearer);
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.json.data.status, 'sent');
    for (const name of ['draft', 'theirs', 'missing']) {
      const res = await post(svc, '/v1/messages/send', { channel_id: org.channels.whatsapp_official, ...template(name) }, org.bearer);
      assert.equal(res.status, 400, name);
      assert.deepEqual(fields(res), ['content.name'], name);
    }
    const wrongLanguage = await post(
      svc,
      '/v1/messages/send',
      { channel_id: org.channels.whatsapp_official, ...template('welcome'), content: { name: 'welcome', language: 'en_US' } },
      org.bearer,
    );
    assert.deepEqual(fields(wrongLanguage), ['content.name']);
    const unofficial = await post(
      svc,
      '/v1/messages/send',
      { channel_id: org.channels.whatsapp_zapi, ...template('welcome'), to: 'abc' },
      org.bearer,
    );
    assert.equal(unofficial.status, 400);
    assert.deepEqual(fields(unofficial), ['to', 'type']);
    assert.equal((await countRows(svc)).messages, 1);
  });

  it('answers 404 for unknown and inactive channels and 422 for a disconnected one', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const body = { to: '5511987654321', type: 'text', content: { text: 'hi' } };
    const unknown = await post(svc, '/v1/messages/send', { channel_id: newId(), ...body }, org.bearer);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error.code, 'CHANNEL_NOT_FOUND');
    await svc.admin('PATCH', `/organizations/${org.organizationId}/channels/${org.channels.whatsapp_waha}`, { active: false });
    const inactive = await post(svc, '/v1/messages/send', { channel_id: org.channels.whatsapp_waha, ...body }, org.bearer);
    assert.equal(inactive.status, 404);
    assert.equal(inactive.json.error.code, 'CHANNEL_NOT_FOUND');
    await svc.admin('PATCH', `/organizations/${org.organizationId}/channels/${org.channels.whatsapp_evo}`, { status: 'disconnected' });
    const disconnected = await post(svc, '/v1/messages/send', { channel_id: org.channels.whatsapp_evo, ...body }, org.bearer);
    assert.equal(disconnected.status, 422);
    assert.equal(disconnected.json.error.code, 'CHANNEL_DISCONNECTED');
    assert.deepEqual(await countRows(svc), { messages: 0, customers: 0, chats: 0 });
  });

  it("answers another organization's channel exactly like an unknown one, and writes nothing", async () => {
    const svc = await env.start({ listen: true });
    const mine = await svc.seedOrganization({ name: 'Mine' });
    const theirs = await svc.seedOrganization({ name: 'Theirs' });
    for (const channelId of Object.values(theirs.channels)) {
      const res = await post(
        svc,
        '/v1/messages/send',
        { channel_id: channelId, to: '5511987654321', type: 'text', content: { text: 'hi' } },
        mine.bearer,
      );
      assert.equal(res.status, 404);
      assert.deepEqual(res.json.error, { code: 'CHANNEL_NOT_FOUND', message: 'Channel not found' });
    }
    assert.deepEqual(await countRows(svc), { messages: 0, customers: 0, chats: 0 });
    assert.equal((await svc.db.selectFrom('events').select('id').execute()).length, 0);
  });

  it('needs a Bearer key with messages:write', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization({ scopes: ['customers:read'] });
    const body = { channel_id: org.channels.email, to: 'a@b.co', type: 'text', content: { text: 'hi' } };
    const noKey = await post(svc, '/v1/messages/send', body);
    assert.equal(noKey.status, 401);
    const header = await post(svc, '/v1/messages/send', body, org.keyHeader);
    assert.equal(header.status, 401, 'the send endpoint takes the key as a Bearer token');
    const wrong = await post(svc, '/v1/messages/send', body, { authorization: 'Bearer cnv_wrong' });
    assert.equal(wrong.status, 401);
    const scope = await post(svc, '/v1/messages/send', body, org.bearer);
    assert.equal(scope.status, 403);
    assert.equal(scope.json.error.code, 'FORBIDDEN');
  });
});

function json(response: { json(): unknown }): any {
  return response.json();
}
