/**
 * What the console needs from the service beyond the chat API (docs/console.md "API the console
 * added"): the directory reads, the unread count and marking a chat read, the signed-in agent's
 * own API keys, and the console's files served at /app.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import Fastify from 'fastify';
import { consoleModule } from '../../src/modules/console/console.routes.js';
import { signedInOrganization } from '../auth/support.js';
import { chatApi, customerWrites, openChat } from '../chats/support.js';
import { describeEachDatabase, json } from '../support/harness.js';

describeEachDatabase('console API', (env) => {
  it('lists channels (without their config), teams, stages, custom fields, templates and members to any member; another organization gets 403', async () => {
    const svc = await env.start();
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    await svc.admin('POST', `/organizations/${org.organizationId}/stages`, { name: 'Lead', position: 1 });
    await svc.admin('POST', `/organizations/${org.organizationId}/teams`, { name: 'Support', memberProfileIds: [org.profileId] });
    await svc.admin('POST', `/organizations/${org.organizationId}/custom-fields`, { slug: 'plan', name: 'Plan', type: 'text' });
    const get = (url: string, headers = org.keyHeader) => svc.inject({ method: 'GET', url: `/api/${org.organizationId}${url}`, headers });

    const channels = json(await get('/channels')).data as Record<string, unknown>[];
    assert.equal(channels.length, 8);
    assert.ok(
      channels.every((c) => !('config' in c) && !('webhookUrl' in c)),
      'no provider config or callback secret',
    );
    assert.equal(channels.find((c) => c.kind === 'whatsapp_official')?.templates, true);
    assert.equal(channels.find((c) => c.kind === 'email')?.templates, false);
    assert.deepEqual(
      (json(await get('/teams')).data as { name: string }[]).map((t) => t.name),
      ['Support'],
    );
    assert.deepEqual(
      (json(await get('/stages')).data as { name: string }[]).map((s) => s.name),
      ['Lead'],
    );
    assert.deepEqual(
      (json(await get('/custom-fields')).data as { slug: string }[]).map((f) => f.slug),
      ['plan'],
    );
    assert.deepEqual(json(await get('/templates')).data, []);
    const members = json(await get('/members')).data as { profileId: string; role: string }[];
    assert.deepEqual(
      members.map((m) => [m.profileId, m.role]),
      [[org.profileId, 'owner']],
    );

    for (const url of ['/channels', '/teams', '/stages', '/custom-fields', '/templates', '/members']) {
      const res = await get(url, other.keyHeader);
      assert.equal(res.statusCode, 403, `${url}: ${res.body}`);
    }
  });

  it("counts a chat's unread customer messages; POST …/read marks them read once, with one chat.read event", async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const chats = chatApi(svc, org, org.keyHeader);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511922223333', 'one');
    await customerWrites(svc, org.channels.whatsapp_zapi, '5511922223333', 'two');
    const before = await chats.get(chatId);
    assert.equal(before.json.data.unreadCount, 2);
    assert.equal((await chats.list()).json.data[0].unreadCount, 2);

    const read = await svc.inject({ method: 'POST', url: `/api/${org.organizationId}/chats/${chatId}/read`, headers: org.keyHeader });
    assert.equal(read.statusCode, 200, read.body);
    assert.deepEqual(json(read).data, { chatId, markedRead: 2 });
    assert.equal((await chats.get(chatId)).json.data.unreadCount, 0);
    // Nothing unread: nothing changes, no event.
    const again = await svc.inject({ method: 'POST', url: `/api/${org.organizationId}/chats/${chatId}/read`, headers: org.keyHeader });
    assert.equal(json(again).data.markedRead, 0);
    const events = await svc.db.selectFrom('events').select(['type', 'payload']).where('type', '=', 'chat.read').execute();
    assert.equal(events.length, 1);
    assert.deepEqual(JSON.parse(events[0]!.payload), { chat_id: chatId, profile_id: org.profileId, marked_read: 2 });
    // An agent's own messages never count; a new customer message does.
    await chats.reply(chatId, { content: 'hi' });
    await customerWrites(svc, org.channels.whatsapp_zapi, '5511922223333', 'three');
    assert.equal((await chats.get(chatId)).json.data.unreadCount, 1);
  });

  it("marks read only the organization's own chats: another organization's chat is 404 and stays unread; a read-only key is 403", async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const readOnly = await svc.services.tenancy.createApiKey(org.profileId, { scopes: ['customers:read'] });
    const { chatId } = await customerWrites(svc, other.channels.whatsapp_zapi, '5511944445555', 'secret');
    const res = await svc.inject({ method: 'POST', url: `/api/${org.organizationId}/chats/${chatId}/read`, headers: org.keyHeader });
    assert.equal(res.statusCode, 404);
    assert.equal(json(res).error.code, 'CHAT_NOT_FOUND');
    assert.equal(
      (await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/chats/${chatId}`, headers: org.keyHeader })).statusCode,
      404,
    );
    assert.equal((await chatApi(svc, other, other.keyHeader).get(chatId)).json.data.unreadCount, 1);
    const own = await openChat(svc, org, '5511944446666');
    const denied = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/chats/${own}/read`,
      headers: { 'x-api-key': readOnly.key },
    });
    assert.equal(denied.statusCode, 403);
  });

  it("manages the signed-in agent's own API keys with the session only; another profile's key is 404", async () => {
    const svc = await env.start();
    const { org, session } = await signedInOrganization(svc);
    const created = await svc.inject({ method: 'POST', url: '/auth/api-keys', headers: session.writeHeaders, payload: { name: 'Zapier' } });
    assert.equal(created.statusCode, 201, created.body);
    const key = json(created).data as { id: string; key: string; profileId: string };
    assert.equal(key.profileId, session.profileId);
    assert.match(key.key, /^cnv_/);
    const listed = json(await svc.inject({ method: 'GET', url: '/auth/api-keys', headers: session.cookie })).data as {
      id: string;
      name: string;
    }[];
    assert.ok(listed.some((k) => k.id === key.id && k.name === 'Zapier'));
    assert.ok(!JSON.stringify(listed).includes(key.key), 'the key itself is shown once');

    // Without the CSRF token, with an API key instead of the session, or without anything: refused.
    assert.equal((await svc.inject({ method: 'POST', url: '/auth/api-keys', headers: session.cookie, payload: {} })).statusCode, 403);
    assert.equal((await svc.inject({ method: 'POST', url: '/auth/api-keys', headers: org.keyHeader, payload: {} })).statusCode, 403);
    assert.equal((await svc.inject({ method: 'GET', url: '/auth/api-keys' })).statusCode, 401);

    const other = await svc.seedOrganization({ name: 'Other' });
    const foreign = await svc.inject({ method: 'DELETE', url: `/auth/api-keys/${other.apiKeyId}`, headers: session.writeHeaders });
    assert.equal(foreign.statusCode, 404);
    assert.equal((await svc.inject({ method: 'GET', url: `/api/${other.organizationId}/tags`, headers: other.keyHeader })).statusCode, 200);

    const revoked = await svc.inject({ method: 'DELETE', url: `/auth/api-keys/${key.id}`, headers: session.writeHeaders });
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.ok(json(revoked).data.revokedAt);
    assert.equal(
      (await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/tags`, headers: { 'x-api-key': key.key } })).statusCode,
      401,
    );
  });
});

describeEachDatabase('console files', (env) => {
  it('serves the app at /app: deep links get index.html (no-cache, CSP), hashed assets are immutable, a missing asset is 404', async () => {
    const svc = await env.start();
    const dist = path.resolve('console/dist');
    if (!fs.existsSync(path.join(dist, 'index.html')))
      assert.fail('console/dist is missing: npm install builds it (npm run build:console)');
    for (const url of ['/app', '/app/', '/app/o/0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f/inbox/x']) {
      const res = await svc.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /text\/html/);
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.match(String(res.headers['content-security-policy']), /default-src 'self'/);
      // Style sheets only from our files; attributes only (the emoji picker lays out with them).
      assert.match(String(res.headers['content-security-policy']), /style-src 'self'; style-src-attr 'unsafe-inline';/);
      assert.match(res.body, /<div id="root">/);
    }
    const asset = fs.readdirSync(path.join(dist, 'assets')).find((f) => f.endsWith('.js'))!;
    const res = await svc.inject({ method: 'GET', url: `/app/assets/${asset}` });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /javascript/);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await svc.inject({ method: 'GET', url: '/app/assets/missing-123.js' })).statusCode, 404);
    const root = await svc.inject({ method: 'GET', url: '/' });
    assert.equal(root.statusCode, 302);
    assert.equal(root.headers.location, '/app/');
  });
});

it('answers 503 with how to build when the console was not built', async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dist-'));
  const app = Fastify();
  await app.register(consoleModule(empty));
  const res = await app.inject({ method: 'GET', url: '/app/o/x/inbox' });
  assert.equal(res.statusCode, 503);
  assert.match(res.body, /npm run build:console/);
  await app.close();
  fs.rmSync(empty, { recursive: true });
});
