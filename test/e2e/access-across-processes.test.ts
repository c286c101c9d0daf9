/**
 * The README's promise with the access cache on (access/access-cache.ts): two real `conversa serve`
 * processes on one PostgreSQL; a key (and a membership) is used through the second process until
 * that process answers it from memory, then revoked (removed) through the first; the very next
 * request through the second is refused. Likewise the organization's default country
 * (access/default-countries.ts), changed through the first. PostgreSQL only (SQLite is one process): skipped without it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestDatabase, POSTGRES_URL } from '../support/databases.js';
import { call, type ConversaProcess, startServe } from '../support/serve-process.js';

const ADMIN = 'access-across-admin-token-0123456789';
const skip = POSTGRES_URL ? false : 'access across processes skipped: it needs PostgreSQL (set TEST_DATABASE_URL)';

describe('access across processes (PostgreSQL)', { skip, timeout: 240_000 }, () => {
  it('a key revoked through one process gets 401 on its very next request through the other; a removed member 403', async () => {
    const database = await createTestDatabase('postgres');
    const env = {
      DATABASE_URL: database.config.dialect === 'postgres' ? database.config.url : '',
      ADMIN_TOKEN: ADMIN,
      SEED_DEMO: 'false',
      WORKER: 'off',
      DATABASE_POOL_SIZE: '4',
    };
    const processes: ConversaProcess[] = [startServe(env), startServe(env)];
    try {
      const [first, second] = await Promise.all(processes.map((p) => p.listening));
      const admin = async (method: string, path: string, body?: unknown) => {
        const answer = await call(`${first}/admin/v1${path}`, method, { authorization: `Bearer ${ADMIN}` }, body);
        assert.ok(answer.status < 300, `${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
        return answer.json.data;
      };
      const org = await admin('POST', '/organizations', { name: 'Across', plan: 'starter' });
      const owner = await admin('POST', '/profiles', { name: 'Owner', email: 'owner@example.com' });
      const agent = await admin('POST', '/profiles', { name: 'Agent', email: 'agent@example.com' });
      await admin('POST', `/organizations/${org.id}/members`, { profileId: owner.id, role: 'owner' });
      await admin('POST', `/organizations/${org.id}/members`, { profileId: agent.id, role: 'agent' });
      const ownerKey = await admin('POST', `/profiles/${owner.id}/api-keys`, { name: 'owner', scopes: ['*'] });
      const agentKey = await admin('POST', `/profiles/${agent.id}/api-keys`, { name: 'agent', scopes: ['*'] });
      const customers = (key: string) => call(`${second}/api/${org.id}/customers`, 'GET', { 'x-api-key': key });

      for (let round = 0; round < 5; round++) {
        assert.equal((await customers(ownerKey.key)).status, 200, 'the key works through the second process (and is cached there)');
        assert.equal((await customers(agentKey.key)).status, 200);
      }

      for (let repeat = 0; repeat < 3; repeat++) {
        // Revoke a fresh key each time through the first process; the second answers the very next request.
        const key = await admin('POST', `/profiles/${owner.id}/api-keys`, { name: `k${repeat}`, scopes: ['*'] });
        for (let i = 0; i < 3; i++) assert.equal((await customers(key.key)).status, 200);
        await admin('DELETE', `/api-keys/${key.id}`);
        const next = await customers(key.key);
        assert.equal(next.status, 401, `revocation ${repeat}: ${JSON.stringify(next.json)}`);
        assert.equal(next.json.error.code, 'UNAUTHORIZED');
      }

      await admin('DELETE', `/organizations/${org.id}/members/${agent.id}`);
      assert.equal((await customers(agentKey.key)).status, 403, 'the removed member is refused on its very next request');
      assert.equal((await customers(ownerKey.key)).status, 200, 'the other member is not affected');

      // The organization's default country, kept by the second process (access/default-countries.ts),
      // changed through the first: the second reads the same national number the new way at once.
      const ana = await call(
        `${second}/api/${org.id}/customers`,
        'POST',
        { 'x-api-key': ownerKey.key },
        {
          name: 'Ana',
          contacts: [{ type: 'whatsapp', value: '+55 11 98765-0001' }],
        },
      );
      assert.equal(ana.status, 201, JSON.stringify(ana.json));
      const byNationalNumber = async () => {
        const query = `contactType=whatsapp&contact=${encodeURIComponent('(11) 98765-0001')}`;
        const answer = await call(`${second}/api/${org.id}/customers?${query}`, 'GET', { 'x-api-key': ownerKey.key });
        assert.equal(answer.status, 200, JSON.stringify(answer.json));
        return (answer.json.data as { name: string }[]).map((customer) => customer.name);
      };
      for (let i = 0; i < 3; i++) assert.deepEqual(await byNationalNumber(), ['Ana'], 'read as Brazilian (kept in the second process)');
      await admin('PATCH', `/organizations/${org.id}`, { settings: { defaultCountry: 'PT' } });
      assert.deepEqual(await byNationalNumber(), [], 'read as Portuguese on the very next request through the second process');
    } finally {
      for (const p of processes) p.child.kill('SIGTERM');
      await Promise.all(processes.map((p) => p.exited));
      await database.drop();
    }
  });
});
