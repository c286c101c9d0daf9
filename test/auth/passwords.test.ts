/**
 * Console passwords through the admin API (POST /profiles `password?`, PUT /profiles/{id}/password):
 * stored as scrypt hashes, at least 12 characters. The CLI: password-cli.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashNewPasswordsAtCost, hashPassword, PASSWORD_HASH_COST, verifyPassword } from '../../src/access/passwords.js';
import { describeEachDatabase } from '../support/harness.js';
import { signInRequest } from './support.js';

// This file checks the real cost the service hashes with (the harness lowers it for the other tests).
hashNewPasswordsAtCost(PASSWORD_HASH_COST);

describeEachDatabase('console passwords (admin API)', (env) => {
  it('creates a profile with a password that signs in; the hash is scrypt and never shown', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const created = await svc.admin('POST', '/profiles', { name: 'Ana', email: 'Ana@Example.com', password: 'twelve chars' });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().data.hasPassword, true);
    assert.deepEqual(Object.keys(created.json().data).sort(), ['createdAt', 'email', 'hasPassword', 'id', 'name', 'updatedAt']);
    await svc.admin('POST', `/organizations/${org.organizationId}/members`, { profileId: created.json().data.id });
    const row = await svc.db
      .selectFrom('profiles')
      .select('password_hash')
      .where('id', '=', created.json().data.id)
      .executeTakeFirstOrThrow();
    assert.match(row.password_hash!, /^\$scrypt\$ln=15,r=8,p=3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);

    const res = await signInRequest(svc, 'ana@example.com', 'twelve chars');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.organizations[0].role, 'agent', 'a later member defaults to agent');
    const listed = await svc.admin('GET', '/profiles');
    for (const profile of listed.json().data) assert.equal(profile.passwordHash, undefined);

    const without = await svc.admin('POST', '/profiles', { name: 'Bot', email: 'bot@example.com' });
    assert.equal(without.json().data.hasPassword, false, 'password is optional: an integration profile has none');
  });

  it('sets and replaces a password with PUT /profiles/{id}/password; the old one stops working', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const email = (await svc.services.tenancy.getProfile(org.profileId)).email;
    assert.equal((await signInRequest(svc, email, 'first passphrase')).statusCode, 401, 'no password yet');
    const set = await svc.admin('PUT', `/profiles/${org.profileId}/password`, { password: 'first passphrase' });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.json().data.hasPassword, true);
    assert.equal((await signInRequest(svc, email, 'first passphrase')).statusCode, 200);
    await svc.admin('PUT', `/profiles/${org.profileId}/password`, { password: 'second passphrase' });
    assert.equal((await signInRequest(svc, email, 'first passphrase')).statusCode, 401);
    assert.equal((await signInRequest(svc, email, 'second passphrase')).statusCode, 200);
  });

  it('refuses passwords under 12 characters and bad bodies with the 400 envelope, unknown profiles with 404, no token with 401', async () => {
    const svc = await env.start();
    const org = await svc.seedOrganization();
    const bad: [string, string, unknown, string][] = [
      ['POST', '/profiles', { name: 'Ana', email: 'ana@example.com', password: 'elevenchars' }, 'password'],
      ['POST', '/profiles', { name: 'Ana', email: 'ana@example.com', password: 123456789012 }, 'password'],
      ['PUT', `/profiles/${org.profileId}/password`, { password: 'elevenchars' }, 'password'],
      ['PUT', `/profiles/${org.profileId}/password`, { password: 'x'.repeat(257) }, 'password'],
      ['PUT', `/profiles/${org.profileId}/password`, {}, 'password'],
      ['PUT', `/profiles/${org.profileId}/password`, { password: 'long enough pass', extra: 1 }, 'extra'],
      ['PUT', '/profiles/not-a-uuid/password', { password: 'long enough pass' }, 'id'],
    ];
    for (const [method, url, payload, field] of bad) {
      const res = await svc.admin(method as 'PUT', url, payload);
      assert.equal(res.statusCode, 400, `${method} ${url} ${JSON.stringify(payload)}: ${res.body}`);
      assert.equal(res.json().error.code, 'VALIDATION_ERROR');
      assert.deepEqual(
        res.json().error.details.map((d: { field: string }) => d.field),
        [field],
      );
    }
    // Twelve code points, whatever their UTF-16 length: an emoji passphrase counts as a person would count it.
    assert.equal((await svc.admin('PUT', `/profiles/${org.profileId}/password`, { password: '🔑'.repeat(11) })).statusCode, 400);
    assert.equal((await svc.admin('PUT', `/profiles/${org.profileId}/password`, { password: '🔑'.repeat(12) })).statusCode, 200);
    assert.equal((await svc.admin('GET', '/profiles')).json().data.length, 1, 'no profile was created by a refused request');
    // The rule is the service's, not only the HTTP schema's: every caller (CLI, seeds) gets it.
    await assert.rejects(svc.services.tenancy.setPassword(org.profileId, 'elevenchars'), (err: { code?: string; details?: unknown }) => {
      assert.equal(err.code, 'VALIDATION_ERROR');
      assert.deepEqual(err.details, [{ field: 'password', message: 'must be at least 12 characters' }]);
      return true;
    });

    const unknown = await svc.admin('PUT', '/profiles/0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f/password', { password: 'long enough pass' });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().error.code, 'PROFILE_NOT_FOUND');
    const anonymous = await svc.inject({
      method: 'PUT',
      url: `/admin/v1/profiles/${org.profileId}/password`,
      payload: { password: 'long enough pass' },
    });
    assert.equal(anonymous.statusCode, 401);
  });
});

describe('scrypt password hashes', () => {
  it('verify the password they were made from (NFKC-normalized), nothing else, and refuse malformed hashes', async () => {
    const hash = await hashPassword('Crème brûlée 2030');
    assert.notEqual(hash, await hashPassword('Crème brûlée 2030'), 'salted');
    assert.equal(await verifyPassword('Crème brûlée 2030', hash), true);
    assert.equal(await verifyPassword('Cre\u0300me bru\u0302le\u0301e 2030'.normalize('NFD'), hash), true, 'decomposed accents');
    assert.equal(await verifyPassword('crème brûlée 2030', hash), false);
    for (const broken of ['', 'plain', hash.replace('ln=15', 'ln=40'), hash.slice(0, -4), hash.replace('$scrypt$', '$argon2id$')]) {
      assert.equal(await verifyPassword('Crème brûlée 2030', broken), false, broken);
    }
  });
});
