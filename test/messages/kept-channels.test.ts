/**
 * What a process keeps of a channel (access/kept-channels.ts): a key's profile reads its channel,
 * organization and membership on its first send there, not on the next ones; a provider's callback
 * reads its channel once too. Anything that changes what the send resolved is seen by the very next
 * send, whoever made the change:
 * the admin API, this process's own SQL (a temporary trigger on SQLite, migration 0050's trigger on
 * PostgreSQL), another connection (`data_version` on SQLite, the trigger on PostgreSQL).
 * A health signal that changes only the signal, the most frequent write to a channel, forgets
 * nothing. Each case fails if that change is not heard: the kept target would let the send through.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { AccessChanges } from '../../src/access/access-changes.js';
import { openDatabase } from '../../src/db/connection.js';
import type { DB } from '../../src/db/schema.js';
import { describeEachDatabase, type SeededOrganization, type TestService } from '../support/harness.js';
import { statementsWhile } from '../support/statements.js';
import { post } from './support.js';
import { zapiReceived } from '../fakes/zapi.fake.js';
import { createChat } from '../chats/chat-create-support.js';

const TO = '5511912340001';

function send(svc: TestService, org: SeededOrganization, bearer = org.bearer) {
  return post(svc, '/v1/messages/send', { channel_id: org.channels.whatsapp_zapi, to: TO, type: 'text', content: { text: 'Oi' } }, bearer);
}

/** Whether a send read its target (the channel joined with its organization and the membership). */
async function readsTarget(svc: TestService, org: SeededOrganization): Promise<boolean> {
  let status = 0;
  const statements = await statementsWhile(svc.db, async () => {
    status = (await send(svc, org)).status;
  });
  assert.equal(status, 201);
  return statements.some((s) => /^select\b[\s\S]*\bfrom "channels" as "c"/i.test(s.sql.trim()));
}

/**
 * The next send's status once it differs from `before`. On SQLite a change is seen by the very next
 * send; on PostgreSQL the trigger's notification reaches the process shortly after the commit.
 */
async function nextSendStatus(svc: TestService, org: SeededOrganization, before: number): Promise<number> {
  const deadline = Date.now() + (svc.deps.dialect === 'sqlite' ? 0 : 2000);
  let status = (await send(svc, org)).status;
  while (status === before && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    status = (await send(svc, org)).status;
  }
  return status;
}

/** Runs `change` on a connection of its own, as the CLI or another process would. */
async function elsewhere(svc: TestService, change: (db: Kysely<DB>) => Promise<unknown>): Promise<void> {
  const other = openDatabase(svc.config.database);
  try {
    await change(other.db);
  } finally {
    await other.close();
  }
}

async function started(env: { start: (o: { listen: true }) => Promise<TestService> }) {
  const svc = await env.start({ listen: true });
  // Status callbacks pushed past the test, and no background polling while statements are counted.
  const org = await svc.seedOrganization({ channelConfig: { deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 } });
  await svc.stopBackgroundWork();
  return { svc, org };
}

describeEachDatabase('kept channels', (env) => {
  it('a process keeps nothing until it hears its own writes (AccessChanges.start): the worker and the CLI never do', async () => {
    const svc = await env.start({ startWorker: false });
    const database = openDatabase(svc.config.database);
    const changes = new AccessChanges({ database, logger: pino({ level: 'silent' }) });
    try {
      assert.equal(changes.live, false);
      await changes.start();
      assert.equal(changes.live, true);
    } finally {
      await changes.close();
      await database.close();
    }
  });

  it("a provider's callback reads its channel once; a change through the API is seen by the next one", async () => {
    const { svc, org } = await started(env);
    const path = `/channels/${org.channels.whatsapp_zapi}/webhook`;
    const body = zapiReceived('sandbox', { text: { message: 'oi' } });
    const readsChannel = async () => {
      let status = 0;
      const statements = await statementsWhile(svc.db, async () => {
        status = (await post(svc, path, body)).status;
      });
      assert.equal(status, 200);
      return statements.some((s) => /\bfrom "channels"/i.test(s.sql));
    };
    assert.equal(await readsChannel(), true);
    assert.equal(await readsChannel(), false);
    const channelPath = `/organizations/${org.organizationId}/channels/${org.channels.whatsapp_zapi}`;
    assert.equal((await svc.admin('PATCH', channelPath, { settings: { autoAssign: false } })).statusCode, 200);
    assert.equal(await readsChannel(), true, 'the changed channel is read again');
  });

  it('the first send reads the target, the next ones do not; a channel turned off through the API is refused at once', async () => {
    const { svc, org } = await started(env);
    assert.equal(await readsTarget(svc, org), true);
    assert.equal(await readsTarget(svc, org), false);
    const path = `/organizations/${org.organizationId}/channels/${org.channels.whatsapp_zapi}`;
    assert.equal((await svc.admin('PATCH', path, { active: false })).statusCode, 200);
    const refused = await send(svc, org);
    assert.equal(refused.status, 404, refused.text);
    assert.equal(refused.json.error.code, 'CHANNEL_NOT_FOUND');
    assert.equal((await svc.admin('PATCH', path, { active: true })).statusCode, 200);
    assert.equal((await send(svc, org)).status, 201);
  });

  it("this process's own SQL is heard: health turned disconnected refuses the next send; a signal alone forgets nothing", async () => {
    const { svc, org } = await started(env);
    assert.equal(await readsTarget(svc, org), true);
    const channel = svc.db.updateTable('channels').where('id', '=', org.channels.whatsapp_zapi);
    await channel.set({ health_signal: JSON.stringify({ code: 'ping', message: null, at: new Date().toISOString() }) }).execute();
    // PostgreSQL: a notification, had one been sent, would have arrived by now.
    if (svc.deps.dialect === 'postgres') await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(await readsTarget(svc, org), false, 'a signal that does not change the health keeps the target');
    await channel.set({ health: 'disconnected' }).execute();
    const status = await nextSendStatus(svc, org, 201);
    assert.equal(status, 422);
  });

  it('a change by another connection is heard: the send limit changed, the channel turned off', async () => {
    const { svc, org } = await started(env);
    assert.equal(await readsTarget(svc, org), true);
    assert.equal(await readsTarget(svc, org), false);
    await elsewhere(svc, (db) =>
      db.updateTable('organizations').set({ send_limit_per_minute: 5 }).where('id', '=', org.organizationId).execute(),
    );
    const deadline = Date.now() + 2000;
    let read = await readsTarget(svc, org);
    while (!read && Date.now() < deadline) read = await readsTarget(svc, org);
    assert.equal(read, true, 'the send limit changed: the target is read again');
    await elsewhere(svc, (db) => db.updateTable('channels').set({ active: 0 }).where('id', '=', org.channels.whatsapp_zapi).execute());
    assert.equal(await nextSendStatus(svc, org, 201), 404);
  });

  it("chat create keeps its channel with the organization's default country; both changes are heard", async () => {
    const { svc, org } = await started(env);
    const readsChannel = async (whatsapp: string, expected = 200) => {
      let res: Awaited<ReturnType<typeof createChat>> | undefined;
      const statements = await statementsWhile(svc.db, async () => {
        res = await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customer: { whatsapp } });
      });
      assert.equal(res!.status, expected, res!.text);
      return { read: statements.some((s) => /\bfrom "channels" as "c"/i.test(s.sql)), res: res! };
    };
    assert.equal((await readsChannel('(11) 98765-0001')).read, true);
    const kept = await readsChannel('(11) 98765-0002');
    assert.equal(kept.read, false);
    assert.equal(kept.res.json.formattedContact, '5511987650002', 'a national number in the default country, Brazil');
    // The organization's default country changed: the next create reads it again and reads the number as Portuguese.
    const changed = await svc.admin('PATCH', `/organizations/${org.organizationId}`, { settings: { defaultCountry: 'PT' } });
    assert.equal(changed.statusCode, 200, changed.body);
    const deadline = Date.now() + (svc.deps.dialect === 'sqlite' ? 0 : 2000);
    let after = await readsChannel('912 345 678');
    while (!after.read && Date.now() < deadline) after = await readsChannel('912 345 678');
    assert.equal(after.read, true, 'the organization changed: the channel is read again');
    assert.equal(after.res.json.formattedContact, '351912345678');
    // The channel turned off through the API: refused at once.
    const path = `/organizations/${org.organizationId}/channels/${org.channels.whatsapp_zapi}`;
    assert.equal((await svc.admin('PATCH', path, { active: false })).statusCode, 200);
    const refused = await readsChannel('912 345 679', 404);
    assert.equal(refused.res.json.error.code, 'CHANNEL_NOT_FOUND');
  });

  it("a member removed is refused at once, though the profile's target was kept", async () => {
    const { svc, org } = await started(env);
    assert.equal(await readsTarget(svc, org), true);
    assert.equal(await readsTarget(svc, org), false);
    const removed = await svc.admin('DELETE', `/organizations/${org.organizationId}/members/${org.profileId}`);
    assert.equal(removed.statusCode, 200, removed.body);
    const refused = await send(svc, org);
    assert.equal(refused.status, 404, refused.text);
  });
});
