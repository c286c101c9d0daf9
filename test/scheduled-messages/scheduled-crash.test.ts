/**
 * Scheduled messages survive their process being killed (DESIGN.md §10): the real `conversa serve`
 * over a SQLite file, two messages scheduled into a chat on a Z-API fake in this process, SIGKILL
 * right after the first was sent and before the second is due, a new process on the same file:
 * each reaches the provider exactly once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startZapiFake } from '../fakes/zapi.fake.js';
import { sendsSettled } from '../support/sends-settled.js';
import { call, CRASH_TEST_ADMIN, crashTestEnv, startServe, until } from '../support/serve-process.js';

const ZAPI = { instanceId: 'inst-sched', instanceToken: 'tok-sched', clientToken: 'client-sched' };

describe('scheduled messages across a SIGKILL (real process, SQLite file)', () => {
  it('a message due after the kill is sent by the next process; the one sent before is not sent again', async () => {
    const { env, remove } = crashTestEnv('conversa-sched-crash-');
    const zapi = await startZapiFake(ZAPI);
    const sent = (text: string) => zapi.requests.filter((r) => r.json?.message === text).length;
    let server = startServe(env);
    try {
      const url = await server.listening;
      const key = /API key:\s+(cnv_\S+)/.exec(server.output())![1]!;
      const organizationId = /Organization:\s+([0-9a-f-]{36})/.exec(server.output())![1];
      const channel = await call(
        `${url}/admin/v1/organizations/${organizationId}/channels`,
        'POST',
        { authorization: `Bearer ${CRASH_TEST_ADMIN}` },
        { kind: 'whatsapp_zapi', name: 'Z-API fake', config: { ...ZAPI, baseUrl: zapi.url } },
      );
      assert.equal(channel.status, 201, JSON.stringify(channel.json));
      const first = await call(
        `${url}/v1/messages/send`,
        'POST',
        { authorization: `Bearer ${key}` },
        { channel_id: channel.json.data.id, to: '5511987654321', type: 'text', content: { text: 'hello' } },
      );
      assert.equal(first.status, 201, JSON.stringify(first.json));
      const base = `${url}/api/${organizationId}/chats/${first.json.data.chat_id}/scheduled-messages`;
      const schedule = async (text: string, inMs: number) => {
        const res = await call(
          base,
          'POST',
          { 'x-api-key': key },
          {
            sendAt: new Date(Date.now() + inMs).toISOString(),
            type: 'text',
            content: { text },
          },
        );
        assert.equal(res.status, 201, JSON.stringify(res.json));
        return res.json.data.id as string;
      };
      const early = await schedule('early', 1500);
      await schedule('later', 12_000);

      // The early one handed over and its `sent` committed: kill before the later one is due.
      await until(
        async () => {
          const list = await call(base, 'GET', { 'x-api-key': key });
          const messageId = list.json.data.find((r: { id: string }) => r.id === early)?.messageId;
          if (!messageId) return false;
          const feed = await call(`${url}/api/${organizationId}/events`, 'GET', { 'x-api-key': key });
          return feed.json.data.some(
            (e: { type: string; data: { message_id?: string; status?: string } }) =>
              e.type === 'message.status_updated' && e.data.message_id === messageId && e.data.status === 'sent',
          );
        },
        10_000,
        'the early message sent',
      );
      server.child.kill('SIGKILL');
      await server.exited;
      assert.equal(sent('early'), 1);
      assert.equal(sent('later'), 0, 'killed before the later one was due');

      server = startServe(env);
      await server.listening;
      await until(() => sent('later') >= 1, 20_000, 'the later message after the restart');
      // Nothing sent twice: counted once no send is left to make.
      await sendsSettled(env.DATABASE_URL);
      assert.equal(sent('early'), 1);
      assert.equal(sent('later'), 1);
    } finally {
      server.child.kill('SIGKILL');
      await zapi.close();
      remove();
    }
  });
});
