/**
 * The access service's rules (access/access.service.ts) on a migrated database, without the service
 * around it: keys (unknown, revoked, IP allow-list, scopes, membership, last use once a minute) and
 * console sessions (expiry to the millisecond, CSRF, membership, sliding expiry capped by the
 * session's maximum). Written to kill the mutants that survived `MUTATE_MODULES=access npm run
 * mutate` (docs/testing.md); the HTTP side stays in access.test.ts.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { AccessCache } from '../../src/access/access-cache.js';
import { AccessChanges } from '../../src/access/access-changes.js';
import { AccessService } from '../../src/access/access.service.js';
import { generateApiKey } from '../../src/access/api-keys.js';
import { csrfTokenFor, generateSessionToken } from '../../src/access/sessions.js';
import type { DB } from '../../src/db/schema.js';
import { AppError } from '../../src/errors.js';
import { describeEachRuleDatabase, type RuleDatabases } from '../support/rule-databases.js';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const IDLE_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (err) {
    if (err instanceof AppError) return `${err.code}: ${err.message}`;
    throw err;
  }
}

/** Polls `read` until `done` holds (background writes are not awaited by the service). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    value = await read();
  }
  return value;
}

async function world(env: RuleDatabases) {
  const db: Kysely<DB> = await env.openDatabase();
  const clock = { at: T0, now: () => new Date(clock.at) };
  const errors: unknown[] = [];
  // The cache stays off here (no LISTEN, no data_version): these tests are about the rules, read from the database.
  const cache = new AccessCache(new AccessChanges({ database: { db, dialect: env.dialect }, logger: pino({ level: 'silent' }) }));
  const access = new AccessService(db, (err) => errors.push(err), clock, { idleTtlMs: IDLE_MS }, cache);
  const orgId = randomUUID();
  const otherOrgId = randomUUID();
  const profileId = randomUUID();
  await db
    .insertInto('organizations')
    .values(
      [orgId, otherOrgId].map((id) => ({ id, name: id, plan: 'enterprise', settings: '{}', created_at: iso(T0), updated_at: iso(T0) })),
    )
    .execute();
  await db
    .insertInto('profiles')
    .values({ id: profileId, name: 'P', email: `${profileId}@example.com`, created_at: iso(T0), updated_at: iso(T0) })
    .execute();
  await db
    .insertInto('memberships')
    .values({ organization_id: orgId, profile_id: profileId, role: 'agent', created_at: iso(T0) })
    .execute();
  const addKey = async (options: { scopes?: unknown; allowedIps?: unknown; revokedAt?: string; lastUsedAt?: string } = {}) => {
    const generated = generateApiKey();
    const id = randomUUID();
    await db
      .insertInto('api_keys')
      .values({
        id,
        profile_id: profileId,
        name: 'k',
        prefix: generated.prefix,
        key_hash: generated.hash,
        scopes: JSON.stringify(options.scopes ?? ['tags:read']),
        allowed_ips: JSON.stringify(options.allowedIps ?? []),
        created_at: iso(T0),
        last_used_at: options.lastUsedAt ?? null,
        revoked_at: options.revokedAt ?? null,
      })
      .execute();
    return { id, key: generated.key };
  };
  const addSession = async (options: { lastUsedAt?: number; expiresAt?: number; maxExpiresAt?: number } = {}) => {
    const { token, hash } = generateSessionToken();
    const id = randomUUID();
    await db
      .insertInto('sessions')
      .values({
        id,
        profile_id: profileId,
        token_hash: hash,
        created_at: iso(T0),
        last_used_at: iso(options.lastUsedAt ?? T0),
        expires_at: iso(options.expiresAt ?? T0 + IDLE_MS),
        max_expires_at: iso(options.maxExpiresAt ?? T0 + 10 * IDLE_MS),
      })
      .execute();
    const row = () => db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { id, token, row };
  };
  const keyRow = (id: string) => db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { db, clock, errors, access, orgId, otherOrgId, profileId, addKey, addSession, keyRow };
}

describeEachRuleDatabase('access service rules', (env) => {
  it('resolves a key to its principal, with the role only on organization routes', async () => {
    const { access, orgId, profileId, addKey } = await world(env);
    const { id, key } = await addKey({ scopes: ['tags:read', 'customers:read'] });
    assert.deepEqual(await access.authenticate({ key, ip: '10.0.0.1' }), {
      via: 'api-key',
      credentialId: id,
      profileId,
      scopes: ['tags:read', 'customers:read'],
    });
    assert.deepEqual(await access.authenticate({ key, ip: '10.0.0.1', scope: 'customers:read', organizationId: orgId }), {
      via: 'api-key',
      credentialId: id,
      profileId,
      scopes: ['tags:read', 'customers:read'],
      organizationId: orgId,
      role: 'agent',
    });
  });

  it('refuses unknown and revoked keys, other addresses, missing scopes, non-members and unknown organizations, each with its message', async () => {
    const { access, orgId, otherOrgId, addKey } = await world(env);
    const { key } = await addKey({ scopes: ['tags:read'], allowedIps: ['10.0.0.0/8'] });
    const revoked = await addKey({ revokedAt: iso(T0) });
    assert.equal(await outcome(access.authenticate({ key: 'cnv_unknown', ip: '10.0.0.1' })), 'UNAUTHORIZED: Invalid or revoked API key');
    assert.equal(await outcome(access.authenticate({ key: revoked.key, ip: '10.0.0.1' })), 'UNAUTHORIZED: Invalid or revoked API key');
    assert.equal(
      await outcome(access.authenticate({ key, ip: '192.168.0.1' })),
      'IP_NOT_ALLOWED: This API key may not be used from 192.168.0.1',
    );
    assert.equal(
      await outcome(access.authenticate({ key, ip: '10.0.0.1', scope: 'tags:write' })),
      'FORBIDDEN: This API key lacks the tags:write scope',
    );
    assert.equal(await outcome(access.authenticate({ key, ip: '10.0.0.1', scope: 'tags:read' })), 'OK');
    assert.equal(
      await outcome(access.authenticate({ key, ip: '10.0.0.1', organizationId: otherOrgId })),
      'FORBIDDEN: The owner of this API key is not a member of the organization',
    );
    assert.equal(
      await outcome(access.authenticate({ key, ip: '10.0.0.1', organizationId: randomUUID() })),
      'ORGANIZATION_NOT_FOUND: Organization not found',
    );
    assert.equal(await outcome(access.authenticate({ key, ip: '10.0.0.1', organizationId: orgId })), 'OK');
  });

  it('reads a key with no stored scopes or allow-list as none and any', async () => {
    const { db, access, addKey } = await world(env);
    const { id, key } = await addKey();
    await db.updateTable('api_keys').set({ scopes: '[]', allowed_ips: '[]' }).where('id', '=', id).execute();
    assert.equal(await outcome(access.authenticate({ key, ip: '192.0.2.1' })), 'OK', 'an empty allow-list allows every address');
    assert.match(await outcome(access.authenticate({ key, ip: '192.0.2.1', scope: 'tags:read' })), /^FORBIDDEN: /);
  });

  it('records a key use at most once a minute, at the service clock', async () => {
    const { access, clock, addKey, keyRow, errors } = await world(env);
    clock.at = T0 + 5 * 60_000;
    const fresh = await addKey();
    await access.authenticate({ key: fresh.key, ip: '10.0.0.1' });
    const used = await eventually(
      () => keyRow(fresh.id),
      (row) => row.last_used_at !== null,
    );
    assert.equal(Date.parse(String(used.last_used_at)), clock.at, 'first use recorded, at the clock');

    const recent = new Date(clock.at - 30_000).toISOString();
    const recentKey = await addKey({ lastUsedAt: recent });
    await access.authenticate({ key: recentKey.key, ip: '10.0.0.1' });
    const old = new Date(clock.at - 61_000).toISOString();
    const oldKey = await addKey({ lastUsedAt: old });
    await access.authenticate({ key: oldKey.key, ip: '10.0.0.1' });
    const rewritten = await eventually(
      () => keyRow(oldKey.id),
      (row) => Date.parse(String(row.last_used_at)) !== Date.parse(old),
    );
    assert.equal(Date.parse(String(rewritten.last_used_at)), clock.at, 'a use over a minute later is recorded');
    assert.equal(Date.parse(String((await keyRow(recentKey.id)).last_used_at)), Date.parse(recent), 'within the minute: not rewritten');
    assert.deepEqual(errors, []);
  });

  it('ends a session at its expiry to the millisecond, and resolves it before with every scope', async () => {
    const { access, clock, orgId, profileId, addSession } = await world(env);
    const session = await addSession({ expiresAt: T0 + 1000 });
    clock.at = T0 + 999;
    assert.deepEqual(await access.authenticateSession({ token: session.token }), {
      via: 'session',
      credentialId: session.id,
      profileId,
      scopes: ['*'],
    });
    assert.deepEqual(await access.authenticateSession({ token: session.token, organizationId: orgId }), {
      via: 'session',
      credentialId: session.id,
      profileId,
      scopes: ['*'],
      organizationId: orgId,
      role: 'agent',
    });
    clock.at = T0 + 1000;
    assert.equal(await outcome(access.authenticateSession({ token: session.token })), 'UNAUTHORIZED: The session has ended; sign in again');
    assert.equal(await outcome(access.authenticateSession({ token: 'unknown' })), 'UNAUTHORIZED: The session has ended; sign in again');
  });

  it('asks a state-changing session request for its CSRF token, then for membership', async () => {
    const { access, orgId, otherOrgId, addSession } = await world(env);
    const { token } = await addSession();
    const forbidden = 'FORBIDDEN: Missing or wrong x-csrf-token (send the csrfToken from sign-in or GET /auth/session)';
    assert.equal(await outcome(access.authenticateSession({ token, csrf: { presented: undefined } })), forbidden);
    assert.equal(await outcome(access.authenticateSession({ token, csrf: { presented: csrfTokenFor('another') } })), forbidden);
    assert.equal(await outcome(access.authenticateSession({ token, csrf: { presented: csrfTokenFor(token) } })), 'OK');
    assert.equal(
      await outcome(access.authenticateSession({ token, organizationId: otherOrgId, csrf: { presented: undefined } })),
      forbidden,
      'the CSRF token first',
    );
    assert.equal(
      await outcome(access.authenticateSession({ token, organizationId: otherOrgId })),
      'FORBIDDEN: You are not a member of the organization',
    );
    assert.equal(
      await outcome(access.authenticateSession({ token, organizationId: randomUUID() })),
      'ORGANIZATION_NOT_FOUND: Organization not found',
    );
    assert.equal(await outcome(access.authenticateSession({ token, organizationId: orgId })), 'OK');
  });

  it('slides a session’s expiry on use at most once a minute, never past its maximum', async () => {
    const { access, clock, addSession, errors } = await world(env);
    const recent = await addSession({ lastUsedAt: T0 - 59_999 });
    await access.authenticateSession({ token: recent.token });
    const sliding = await addSession({ lastUsedAt: T0 - 60_000, expiresAt: T0 + 1000 });
    await access.authenticateSession({ token: sliding.token });
    const slid = await eventually(sliding.row, (row) => Date.parse(String(row.last_used_at)) === T0);
    assert.equal(Date.parse(String(slid.last_used_at)), T0, 'a use exactly a minute later is recorded');
    assert.equal(Date.parse(String(slid.expires_at)), T0 + IDLE_MS, 'pushed back by the idle time');
    const capped = await addSession({ lastUsedAt: T0 - 120_000, maxExpiresAt: T0 + 5000 });
    clock.at = T0;
    await access.authenticateSession({ token: capped.token });
    const cappedRow = await eventually(capped.row, (row) => Date.parse(String(row.last_used_at)) === T0);
    assert.equal(Date.parse(String(cappedRow.expires_at)), T0 + 5000, 'never past the maximum');
    const untouched = await recent.row();
    assert.equal(Date.parse(String(untouched.last_used_at)), T0 - 59_999, 'used within the minute: not rewritten');
    assert.equal(Date.parse(String(untouched.expires_at)), T0 + IDLE_MS);
    assert.deepEqual(errors, []);
  });
});
