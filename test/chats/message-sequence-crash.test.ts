/**
 * A sequence survives its process being killed (DESIGN.md §6 "Sequences"): the real
 * `conversa serve` over a SQLite file, a 5-step sequence with 300 ms delays sent to a Z-API fake in
 * this process, SIGKILL right after step 2 was accepted, a new process on the same file: every
 * step reaches the provider exactly once, in order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startZapiFake } from '../fakes/zapi.fake.js';
import { sendsSettled } from '../support/sends-settled.js';
import { call, CRASH_TEST_ADMIN, crashTestEnv, startServe, until } from '../support/serve-process.js';

const ZAPI = { instanceId: 'inst-crash', instanceToken: 'tok-crash', clientToken: 'client-crash' };

describe('message sequence across a SIGKILL (real process, SQLite file)', () => {
  it('resumes after the process is killed mid-sequence: every step sent exactly once, in order', async () => {
    const { env, remove } = crashTestEnv('conversa-seq-crash-');
    const zapi = await startZapiFake(ZAPI);
    const steps = () =>
      zapi.requests.map((r) => r.json?.message).filter((m): m is string => typeof m === 'string' && m.startsWith('step '));
    let server = startServe(env);
    try {
      const url = await server.listening;
      const key = /API key:\s+(cnv_\S+)/.exec(server.output())![1]!;
      const organizationId = /Organization:\s+([0-9a-f-]{36})/.exec(server.output())![1];
      const channel = await call(
        `${url}/admin/v1/organizations/${organizationId}/channels`,
        'POST',
        { authorization: `Bearer ${CRASH_TEST_ADMIN}` },
        {
          kind: 'whatsapp_zapi',
          name: 'Z-API fake',
          config: { ...ZAPI, baseUrl: zapi.url },
        },
      );
      assert.equal(channel.status, 201, JSON.stringify(channel.json));
      const first = await call(
        `${url}/v1/messages/send`,
        'POST',
        { authorization: `Bearer ${key}` },
        {
          channel_id: channel.json.data.id,
          to: '5511987654321',
          type: 'text',
          content: { text: 'hello' },
        },
      );
      assert.equal(first.status, 201, JSON.stringify(first.json));
      const sequence = await call(
        `${url}/api/${organizationId}/chat/${first.json.data.chat_id}/message-sequence`,
        'POST',
        { 'x-api-key': key },
        {
          steps: [1, 2, 3, 4, 5].map((n) => ({ content: `step ${n}`, delay_after_ms: 300, tempId: `t${n}` })),
        },
      );
      assert.equal(sequence.status, 201, JSON.stringify(sequence.json));
      const second = sequence.json.messages[1].id as string;

      // Step 2 accepted by the provider and its `sent` committed (the events feed shows it): kill.
      await until(
        async () => {
          const feed = await call(`${url}/api/${organizationId}/events`, 'GET', { 'x-api-key': key });
          return feed.json.data.some(
            (e: { type: string; data: { message_id?: string; status?: string } }) =>
              e.type === 'message.status_updated' && e.data.message_id === second && e.data.status === 'sent',
          );
        },
        10_000,
        'step 2 sent',
      );
      server.child.kill('SIGKILL');
      await server.exited;
      const beforeRestart = steps();
      assert.ok(beforeRestart.length >= 2 && beforeRestart.length < 5, `killed mid-sequence (sent so far: ${beforeRestart.join(', ')})`);
      assert.deepEqual(beforeRestart, ['step 1', 'step 2', 'step 3', 'step 4', 'step 5'].slice(0, beforeRestart.length));

      server = startServe(env);
      await server.listening;
      await until(() => steps().length >= 5, 20_000, 'every step after the restart');
      // Nothing sent twice: counted once no send is left to make.
      await sendsSettled(env.DATABASE_URL);
      assert.deepEqual(steps(), ['step 1', 'step 2', 'step 3', 'step 4', 'step 5']);
    } finally {
      server.child.kill('SIGKILL');
      await zapi.close();
      remove();
    }
  });
});
