/**
 * The throughput budget is shared by every process (DESIGN.md §10: budgets in the database): two
 * real `conversa serve` processes (each with its worker) on one PostgreSQL take 61 sends between
 * them for one channel with `settings.maxPerSecond` 5; the sends reach the provider fake at 5/s
 * (within 5 %), not 10. PostgreSQL only (SQLite is one process): skipped without it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestDatabase, POSTGRES_URL } from '../support/databases.js';
import { call, type ConversaProcess, startServe } from '../support/serve-process.js';
import { startGovernedCloudFake } from '../fakes/governed-cloud.fake.js';
import { arrivalRate } from './support.js';

const ADMIN = 'governor-two-processes-token-0123456789';
const BUDGET = 5;
const SENDS = 61;
const skip = POSTGRES_URL ? false : 'two processes skipped: they need PostgreSQL (set TEST_DATABASE_URL)';

describe('governor: one budget across two processes (PostgreSQL)', { skip, timeout: 240_000 }, () => {
  it('61 sends through two processes reach the provider at the channel budget, 5/s (±5 %)', async () => {
    const database = await createTestDatabase('postgres');
    const fake = await startGovernedCloudFake();
    const env = {
      DATABASE_URL: database.config.dialect === 'postgres' ? database.config.url : '',
      ADMIN_TOKEN: ADMIN,
      SEED_DEMO: 'false',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      DATABASE_POOL_SIZE: '4',
    };
    const processes: ConversaProcess[] = [startServe(env), startServe(env)];
    try {
      const urls = await Promise.all(processes.map((p) => p.listening));
      const admin = async (method: string, path: string, body?: unknown) => {
        const answer = await call(`${urls[0]}/admin/v1${path}`, method, { authorization: `Bearer ${ADMIN}` }, body);
        assert.ok(answer.status < 300, `${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
        return answer.json.data;
      };
      const org = await admin('POST', '/organizations', { name: 'Two processes', plan: 'enterprise' });
      const owner = await admin('POST', '/profiles', { name: 'Owner', email: 'owner@example.com' });
      await admin('POST', `/organizations/${org.id}/members`, { profileId: owner.id, role: 'owner' });
      const key = await admin('POST', `/profiles/${owner.id}/api-keys`, { name: 'owner', scopes: ['*'] });
      const channel = await admin('POST', `/organizations/${org.id}/channels`, {
        kind: 'whatsapp_official',
        name: 'Cloud API',
        config: { accessToken: 'EAAB-two', phoneNumberId: '1098765000', appSecret: 'app-secret', verifyToken: 'v', baseUrl: fake.url },
        settings: { enforceWhatsAppWindow: false, maxPerSecond: BUDGET },
      });
      const send = (url: string, i: number) =>
        call(
          `${url}/v1/messages/send`,
          'POST',
          { authorization: `Bearer ${key.key}` },
          {
            channel_id: channel.id,
            to: `55119030${String(i).padStart(5, '0')}`,
            type: 'text',
            content: { text: `m${i}` },
          },
        );
      // Both processes take sends at the same time, alternating.
      await Promise.all(
        urls.map(async (url, p) => {
          for (let i = p; i < SENDS; i += 2) assert.equal((await send(url, i)).status, 201);
        }),
      );
      const deadline = Date.now() + 40_000;
      while (fake.received.length < SENDS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.equal(fake.received.length, SENDS, 'every send reached the provider');
      const times = fake.received.map((r) => r.at);
      const seconds = (times.at(-1)! - times[0]!) / 1000;
      const rate = arrivalRate(times);
      console.log(
        `[governor rate, two processes] postgres: ${times.length} sends in ${seconds.toFixed(3)} s, ${rate.toFixed(3)}/s fitted (budget ${BUDGET}/s)`,
      );
      assert.ok(Math.abs(rate - BUDGET) / BUDGET <= 0.05, `rate ${rate.toFixed(3)}/s is not within 5 % of ${BUDGET}/s`);
    } finally {
      for (const p of processes) p.child.kill('SIGTERM');
      await Promise.all(processes.map((p) => p.exited));
      await fake.close();
      await database.drop();
    }
  });
});
