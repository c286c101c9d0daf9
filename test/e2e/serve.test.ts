/**
 * Black-box: the real `conversa serve` process, as a newcomer starts it. Embedded SQLite in a temp
 * folder, demo seed printed, graceful exit on SIGTERM.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { startServe, until } from '../support/serve-process.js';

describe('conversa serve (real process)', () => {
  it('starts on a fresh SQLite file, prints demo credentials (a key, an agent who signs in), and exits cleanly on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-serve-'));
    const server = startServe({ DATABASE_URL: path.join(dir, 'conversa.db') });
    try {
      const url = await server.listening;
      const ready = await fetch(`${url}/readyz`);
      assert.equal(ready.status, 200);
      assert.match(server.output(), /API key:\s+cnv_/);
      assert.match(server.output(), /Channel whatsapp_official\s+[0-9a-f-]{36}/);
      const [, email, password] = /Agent:\s+(\S+)\s+password: (\S+)/.exec(server.output()) ?? [];
      assert.equal(email, 'agent@conversa.local');
      const signIn = await fetch(`${url}/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      assert.equal(signIn.status, 200);
      const { organizations } = ((await signIn.json()) as { data: { organizations: { name: string; role: string }[] } }).data;
      assert.deepEqual(
        organizations.map((o) => [o.name, o.role]),
        [['Demo Organization', 'admin']],
      );
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      assert.equal(await exited, 0);
      assert.match(server.output(), /SIGTERM received, shutting down/);
    } finally {
      server.child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on PORT=0 prints the port it bound and delivers the demo webhook there (the dev inspector receives a send)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-serve-'));
    // startServe sets PORT=0: the system picks the port at listen.
    const server = startServe({ DATABASE_URL: path.join(dir, 'conversa.db') });
    try {
      const url = await server.listening;
      assert.notEqual(new URL(url).port, '0');
      const output = server.output();
      const variable = (name: string) => new RegExp(`\\b${name}=(\\S+)`).exec(output)?.[1];
      assert.equal(variable('BASE'), url, 'the banner names the bound address');
      const token = variable('INSPECTOR')!;
      assert.ok(output.includes(`${url}/dev/inspector?token=${token}`), 'the banner prints the inspector on the bound port');
      const send = await fetch(`${url}/v1/messages/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${variable('KEY')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ channel_id: variable('CHANNEL'), to: '+5511987654321', type: 'text', content: { text: 'Oi' } }),
      });
      assert.equal(send.status, 201);
      // Before the fix the demo's webhook pointed at port 0: every delivery failed and was retried.
      await until(
        async () => {
          const res = await fetch(`${url}/dev/inspector/requests?token=${token}`);
          const { data } = (await res.json()) as { data: { body: { event: string } }[] };
          return data.some((r) => r.body.event === 'chat.created');
        },
        30_000,
        'the inspector receiving chat.created',
        200,
      );
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs jobs in a separate `conversa worker` process (WORKER=off on serve): a sandbox send reaches read', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-worker-'));
    const databaseUrl = path.join(dir, 'conversa.db');
    const server = startServe({ DATABASE_URL: databaseUrl, WORKER: 'off' });
    let worker: ReturnType<typeof spawn> | undefined;
    try {
      const url = await server.listening;
      const key = /API key:\s+(cnv_\S+)/.exec(server.output())![1]!;
      const organizationId = /Organization:\s+([0-9a-f-]{36})/.exec(server.output())![1];
      const channelId = /Channel whatsapp_official\s+([0-9a-f-]{36})/.exec(server.output())![1];
      worker = spawn(process.execPath, ['bin/conversa.mjs', 'worker'], {
        env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl },
        stdio: 'ignore',
      });
      const sent = await fetch(`${url}/v1/messages/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ channel_id: channelId, to: '+5511987654321', type: 'text', content: { text: 'Hi' } }),
      });
      assert.equal(sent.status, 201);
      const messageId = ((await sent.json()) as { data: { id: string } }).data.id;
      // The sandbox's delivered/read reports are scheduled jobs: only the worker process can run them.
      const deadline = Date.now() + 20_000;
      let statuses: string[] = [];
      while (!statuses.includes('read') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const feed = await fetch(`${url}/api/${organizationId}/events`, { headers: { 'x-api-key': key } });
        const events = ((await feed.json()) as { data: { type: string; data: { message_id?: string; status?: string } }[] }).data;
        statuses = events.filter((e) => e.type === 'message.status_updated' && e.data.message_id === messageId).map((e) => e.data.status!);
      }
      assert.deepEqual(statuses, ['sent', 'delivered', 'read']);
    } finally {
      worker?.kill('SIGKILL');
      server.child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start on a bad configuration value and names the variable', async () => {
    const child = spawn(process.execPath, ['bin/conversa.mjs', 'serve'], {
      env: { ...process.env, WORKER: 'sometimes' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 2);
    assert.match(stderr, /WORKER: must be one of inline, off/);
  });
});
