/**
 * Read scopes (docs/security.md "Read scopes and secrets"): every read route of chats, files, flows
 * and the directory needs its read scope, a key made for something else (sending messages, reading
 * customers) is 403 naming the scope it lacks, a key with the scope reads, the console session reads
 * everything, and another organization's key stays out (403 on the path, 404 on the rows). Then
 * migration 0023: which existing keys receive the new read scopes. Last, secrets in channel answers
 * are masked whole, the e-mail channel's SMTP password (`config.auth.pass`) included.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Kysely } from 'kysely';
import { down, up } from '../../src/db/migrations/0023-read-scopes.js';
import { givePassword, signIn } from '../auth/support.js';
import { addMember, call, customerWrites, type Answer } from '../chats/support.js';
import { PNG, startWithFiles, upload } from '../files/support.js';
import { flowApi } from '../flows/support.js';
import { describeEachDatabase, json, type SeededOrganization, type TestService } from '../support/harness.js';

const FAMILIES = ['chats:read', 'files:read', 'flows:read', 'directory:read'] as const;
type Family = (typeof FAMILIES)[number];

interface Seeded {
  chatId: string;
  fileId: string;
  flowId: string;
  runId: string;
}

/** A chat with a message, a file, a flow and a run of it, in `org`. */
async function seed(svc: TestService, org: SeededOrganization): Promise<Seeded> {
  const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650901', 'my address is 1 Private St');
  const file = await upload(svc, org.organizationId, org.keyHeader, PNG, 'id.png', 'image/png');
  assert.equal(file.status, 201, file.text);
  const flows = flowApi(svc, org);
  const flowId = await flows.createFlow([{ type: 'wait', seconds: 600 }]);
  const run = await flows.startRun(flowId, chatId);
  return { chatId, fileId: file.json.data.id, flowId, runId: run.id };
}

/** Every read route of the four families, by the scope it needs. */
function readRoutes(organizationId: string, ids: Seeded): [Family, string][] {
  const base = `/api/${organizationId}`;
  return [
    ['chats:read', `${base}/chats`],
    ['chats:read', `${base}/chats/${ids.chatId}`],
    ['chats:read', `${base}/chats/${ids.chatId}/messages`],
    ['files:read', `${base}/files/${ids.fileId}`],
    ['files:read', `${base}/files/${ids.fileId}/content`],
    ['flows:read', `${base}/flows`],
    ['flows:read', `${base}/flows/${ids.flowId}`],
    ['flows:read', `${base}/flow-runs`],
    ['flows:read', `${base}/flow-runs/${ids.runId}`],
    ['directory:read', `${base}/channels`],
    ['directory:read', `${base}/teams`],
    ['directory:read', `${base}/stages`],
    ['directory:read', `${base}/custom-fields`],
    ['directory:read', `${base}/templates`],
    ['directory:read', `${base}/members`],
  ];
}

function assertForbidden(res: Answer, scope: string, what: string) {
  assert.equal(res.status, 403, `${what}: ${res.text}`);
  assert.equal(res.json?.success, false, what);
  assert.equal(res.json.error.code, 'FORBIDDEN', what);
  assert.match(res.json.error.message, new RegExp(`lacks the ${scope} scope`), what);
}

describeEachDatabase('read scopes', (env) => {
  it('every read route of chats, files, flows and the directory needs its read scope; with it the key reads', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const ids = await seed(svc, org);
    const routes = readRoutes(org.organizationId, ids);
    // The finding: a key made only to send messages.
    const sender = await addMember(svc, org.organizationId, 'Sender', ['messages:write']);
    // A key that reads customers, and every other read scope: each family is its own scope.
    const keys = {} as Record<Family, { without: Record<string, string>; only: Record<string, string> }>;
    for (const family of FAMILIES) {
      const others = FAMILIES.filter((scope) => scope !== family);
      const without = await addMember(svc, org.organizationId, `Without-${family}`, ['customers:read', 'customers:write', ...others]);
      const only = await addMember(svc, org.organizationId, `Only-${family}`, [family]);
      keys[family] = { without: without.keyHeader, only: only.keyHeader };
    }

    for (const [scope, path] of routes) {
      assertForbidden(await call(svc, 'GET', path, sender.keyHeader), scope, `messages:write key, ${path}`);
      assertForbidden(await call(svc, 'GET', path, keys[scope].without), scope, `key without ${scope}, ${path}`);
      const allowed = await call(svc, 'GET', path, keys[scope].only);
      assert.equal(allowed.status, 200, `${scope} key, ${path}: ${allowed.text}`);
    }
    // chats:read alone shows the chat with its customer's name and contact, not the CRM record (customers:read).
    const chat = await call(svc, 'GET', `/api/${org.organizationId}/chats/${ids.chatId}`, keys['chats:read'].only);
    assert.deepEqual([chat.json.data.contact, chat.json.data.customerName], ['5511987650901', 'Customer 5511987650901']);
    const customer = await call(svc, 'GET', `/api/${org.organizationId}/customers/${chat.json.data.customerId}`, keys['chats:read'].only);
    assertForbidden(customer, 'customers:read', 'the customer record');
    // What the sender could read before: nothing of it comes back now.
    const chats = await call(svc, 'GET', `/api/${org.organizationId}/chats/${ids.chatId}/messages`, sender.keyHeader);
    assert.doesNotMatch(chats.text, /Private St|5511987650901/);
    const members = await call(svc, 'GET', `/api/${org.organizationId}/members`, sender.keyHeader);
    assert.doesNotMatch(members.text, /@/);
    // The sender still sends: its own scope is untouched.
    const sent = await call(
      svc,
      'POST',
      '/v1/messages/send',
      { authorization: `Bearer ${sender.keyHeader['x-api-key']}` },
      {
        channel_id: org.channels.whatsapp_zapi,
        to: '5511987650902',
        type: 'text',
        content: { text: 'Hi' },
      },
    );
    assert.equal(sent.status, 201, sent.text);
  });

  it('the console session reads every one of them; another organization stays out', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const ids = await seed(svc, org);
    const session = await signIn(svc, await givePassword(svc, org));
    for (const [, path] of readRoutes(org.organizationId, ids)) {
      const res = await call(svc, 'GET', path, session.cookie);
      assert.equal(res.status, 200, `session, ${path}: ${res.text}`);
    }

    // Another organization's key with every read scope: not a member on this path (403) …
    const intruder = await svc.seedOrganization({ name: 'Intruder', scopes: [...FAMILIES] });
    for (const [, path] of readRoutes(org.organizationId, ids)) {
      const res = await call(svc, 'GET', path, intruder.keyHeader);
      assert.equal(res.status, 403, `intruder on the owner's path, ${path}: ${res.text}`);
      assert.match(res.json.error.message, /not a member/);
    }
    // … and the owner's rows on its own path are missing (404), its lists show none of them.
    const expected: Record<string, string> = {
      [`/api/${intruder.organizationId}/chats/${ids.chatId}`]: 'CHAT_NOT_FOUND',
      [`/api/${intruder.organizationId}/chats/${ids.chatId}/messages`]: 'CHAT_NOT_FOUND',
      [`/api/${intruder.organizationId}/files/${ids.fileId}`]: 'FILE_NOT_FOUND',
      [`/api/${intruder.organizationId}/files/${ids.fileId}/content`]: 'FILE_NOT_FOUND',
      [`/api/${intruder.organizationId}/flows/${ids.flowId}`]: 'FLOW_NOT_FOUND',
      [`/api/${intruder.organizationId}/flow-runs/${ids.runId}`]: 'RUN_NOT_FOUND',
    };
    for (const [, path] of readRoutes(intruder.organizationId, ids)) {
      const res = await call(svc, 'GET', path, intruder.keyHeader);
      const code = expected[path];
      if (code) {
        assert.equal(res.status, 404, `${path}: ${res.text}`);
        assert.equal(res.json.error.code, code, path);
      } else {
        assert.equal(res.status, 200, `${path}: ${res.text}`);
        for (const id of Object.values(ids)) assert.ok(!res.text.includes(id), `${path} shows nothing of the owner's`);
      }
    }
  });

  it('migration 0023 gives existing keys the read scopes of what they could already read or change; down takes them back', async () => {
    const svc = await env.start({ startWorker: false, listen: true });
    const org = await svc.seedOrganization();
    const { tenancy } = svc.services;
    const before: Record<string, string[]> = {
      all: ['*'],
      sender: ['messages:write'],
      tagger: ['tags:read', 'tags:write'],
      hooks: ['webhooks:write', 'events:read'],
      crmReader: ['customers:read'],
      crmWriter: ['customers:write'],
      agentBot: ['messages:write', 'chats:write'],
      flowAdmin: ['flows:write'],
      already: ['chats:write', 'chats:read'],
    };
    const keys = Object.fromEntries(
      await Promise.all(
        Object.entries(before).map(async ([name, scopes]) => [name, await tenancy.createApiKey(org.profileId, { name, scopes })] as const),
      ),
    );
    const scopesOf = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(keys).map(async ([name, key]) => {
            const row = await svc.db.selectFrom('api_keys').select('scopes').where('id', '=', key.id).executeTakeFirstOrThrow();
            return [name, JSON.parse(row.scopes) as string[]] as const;
          }),
        ),
      );
    const db = svc.db as unknown as Kysely<unknown>;
    await up(db);
    const after = await scopesOf();
    assert.deepEqual(after, {
      all: ['*'],
      sender: ['messages:write'],
      tagger: ['tags:read', 'tags:write'],
      hooks: ['webhooks:write', 'events:read'],
      crmReader: ['customers:read', 'chats:read', 'files:read', 'flows:read', 'directory:read'],
      crmWriter: ['customers:write', 'directory:read'],
      agentBot: ['messages:write', 'chats:write', 'chats:read', 'files:read', 'directory:read'],
      flowAdmin: ['flows:write', 'flows:read', 'directory:read'],
      already: ['chats:write', 'chats:read', 'files:read', 'directory:read'],
    });
    await up(db);
    assert.deepEqual(await scopesOf(), after, 'a second run changes nothing');
    // The upgraded customer reader still reads the chat list; the sender does not.
    const chats = `/api/${org.organizationId}/chats`;
    assert.equal((await call(svc, 'GET', chats, { 'x-api-key': keys.crmReader!.key })).status, 200);
    assert.equal((await call(svc, 'GET', chats, { 'x-api-key': keys.sender!.key })).status, 403);

    await down(db);
    assert.deepEqual(await scopesOf(), { ...before, already: ['chats:write'] });
  });

  it("masks channel secrets whole in admin answers, nested ones too (the e-mail channel's SMTP password); the stored config keeps them", async () => {
    const svc = await env.start({ startWorker: false });
    const org = await svc.seedOrganization();
    const secrets = { pass: 'smtp-pass-Zq81', signing: 'mailgun-key-Wx42', callback: 'callback-secret-0123456789-Yv73' };
    const base = `/organizations/${org.organizationId}/channels`;
    const created = await svc.admin('POST', base, {
      kind: 'email',
      name: 'Support mail',
      config: {
        host: 'smtp.example.com',
        port: 587,
        from: 'Store <help@store.example>',
        auth: { user: 'help@store.example', pass: secrets.pass },
        mailgunSigningKey: secrets.signing,
        callbackSecret: secrets.callback,
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    const id = json(created).data.id;
    const answers = [
      created,
      await svc.admin('GET', `${base}/${id}`),
      await svc.admin('GET', base),
      await svc.admin('PATCH', `${base}/${id}`, { name: 'Support' }),
    ];
    for (const answer of answers) {
      assert.equal(answer.statusCode < 300, true, answer.body);
      // Not the secret, and not its last characters either.
      for (const secret of Object.values(secrets)) assert.ok(!answer.body.includes(secret.slice(-4)), `${secret} leaks: ${answer.body}`);
    }
    const config = json(answers[1]!).data.config;
    assert.deepEqual(config.auth, { user: 'help@store.example', pass: '••••••••' });
    assert.equal(config.mailgunSigningKey, '••••••••');
    assert.equal(config.callbackSecret, '••••••••');
    assert.equal(config.host, 'smtp.example.com', 'what is not a secret is shown');
    const stored = await svc.db.selectFrom('channels').select('config').where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(JSON.parse(stored.config).auth.pass, secrets.pass, 'the stored config keeps the password');
  });
});
