/**
 * Every idempotent route writes its Idempotency-Key answer in the transaction of its effect
 * (docs/messaging.md "Idempotency"). The test loses every answer the end of a request would store
 * (a trigger refuses the key's final `done` update, as a process killed between its commit and its
 * answer would never write it), lets the claims go stale, and retries each request with its key: each
 * retry replays the answer the first request gave (the send's and the chat create's with their final
 * `sent`, recorded in the commit that applied it), and no effect happens twice.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { post } from './support.js';

/** From now on the request's end never stores its answer: only what the effect's own transaction recorded stays. */
async function loseFinalAnswers(svc: TestService): Promise<void> {
  if (svc.deps.dialect === 'sqlite') {
    await sql`create trigger lose_answers before update on idempotency_keys when new.state = 'done'
      begin select raise(abort, 'answer lost'); end`.execute(svc.db);
    return;
  }
  await sql`create function lose_answers() returns trigger language plpgsql as $$
      begin if new.state = 'done' then raise exception 'answer lost'; end if; return new; end $$`.execute(svc.db);
  await sql`create trigger lose_answers before update on idempotency_keys for each row execute function lose_answers()`.execute(svc.db);
}

describeEachDatabase('Idempotency-Key recorded in the commit of the effect', (env) => {
  it('send, chat create, reply, sequence, send-template and customer create: the retry replays the recorded answer, nothing runs twice', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const orgPath = `/api/${org.organizationId}`;
    const opened = await post(
      svc,
      '/v1/messages/send',
      { channel_id: org.channels.whatsapp_official, to: '5511911112222', type: 'text', content: { text: 'opens the chat' } },
      org.bearer,
    );
    const chatId = opened.json.data.chat_id as string;
    const template = await svc.services.templates.create(org.organizationId, {
      channelId: org.channels.whatsapp_official,
      name: 'welcome',
      language: 'pt_BR',
      status: 'approved',
      components: [{ type: 'BODY', text: 'Welcome' } as { type: string }],
    });
    await loseFinalAnswers(svc);

    const requests = [
      {
        name: 'send',
        path: '/v1/messages/send',
        headers: org.bearer,
        body: { channel_id: org.channels.whatsapp_zapi, to: '5511987654321', type: 'text', content: { text: 'send once' } },
        texts: ['send once'],
      },
      {
        name: 'chat create',
        path: `${orgPath}/chat/create`,
        headers: org.keyHeader,
        body: { channelId: org.channels.whatsapp_evo, customer: { whatsapp: '5511933334444' }, initialMessage: 'chat once' },
        texts: ['chat once'],
      },
      {
        name: 'reply',
        path: `${orgPath}/chats/${chatId}/messages`,
        headers: org.keyHeader,
        body: { content: 'reply once' },
        texts: ['reply once'],
      },
      {
        name: 'message sequence',
        path: `${orgPath}/chat/${chatId}/message-sequence`,
        headers: org.keyHeader,
        body: { steps: [{ content: 'step once' }, { content: 'step twice?' }] },
        texts: ['step once', 'step twice?'],
      },
      { name: 'send-template', path: `${orgPath}/chat/${chatId}/send-template`, headers: org.keyHeader, body: { templateId: template.id } },
      {
        name: 'customer create',
        path: `${orgPath}/customers`,
        headers: org.keyHeader,
        body: { name: 'Once', contacts: [{ type: 'whatsapp', value: '5511955556666' }] },
      },
    ];
    for (const request of requests) {
      const key = `atomic-${request.name}`;
      const headers = { ...request.headers, 'idempotency-key': key };
      const first = await post(svc, request.path, request.body, headers);
      assert.ok(first.status === 200 || first.status === 201, `${request.name}: ${first.text}`);
      const row = await svc.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
      assert.equal(row.state, 'committed', `${request.name}: the answer was recorded with the effect`);
      // The request's process "died" before storing its answer: its claim goes stale.
      await svc.db
        .updateTable('idempotency_keys')
        .set({ created_at: new Date(Date.now() - 3_600_000).toISOString() })
        .where('key', '=', key)
        .execute();
      const retry = await post(svc, request.path, request.body, headers);
      assert.equal(retry.status, first.status, `${request.name}: ${retry.text}`);
      assert.equal(retry.headers.get('idempotent-replayed'), 'true', request.name);
      assert.deepEqual(retry.json, first.json, `${request.name}: the first answer, replayed`);
    }

    const messages = await svc.db
      .selectFrom('messages')
      .select(['content', 'type'])
      .where('organization_id', '=', org.organizationId)
      .execute();
    for (const text of requests.flatMap((r) => r.texts ?? [])) {
      assert.equal(messages.filter((m) => JSON.parse(m.content).text === text).length, 1, `one message "${text}"`);
    }
    assert.equal(messages.filter((m) => m.type === 'template').length, 1, 'one template message');
    assert.equal((await svc.db.selectFrom('customers').select('id').where('name', '=', 'Once').execute()).length, 1, 'one customer');
  });
});
