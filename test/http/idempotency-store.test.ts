/**
 * The idempotency store's rules (http/idempotency-store.ts) on the table itself, with a clock the
 * test moves: when a key is new, replayed, reused, in progress, taken over or expired, to the
 * millisecond; what `record`, `complete` and `release` may change (only their own claim, only in
 * its open states); the heartbeat; the purge's batches. Written to kill the mutants that survived
 * `MUTATE_MODULES=idempotency npm run mutate` (docs/testing.md) without starting the service.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import {
  IDEMPOTENCY_TTL_MS,
  IdempotencyStore,
  purgeExpiredIdempotencyKeys,
  requestHash,
  type HeldClaim,
} from '../../src/http/idempotency-store.js';
import { describeEachRuleDatabase, type RuleDatabases } from '../support/rule-databases.js';
import { keyRow } from './idempotency-fixtures.js';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const STALE_MS = 1000;

async function storeOn(env: RuleDatabases) {
  const db = await env.openDatabase();
  const clock = { at: T0, now: () => new Date(clock.at) };
  const store = new IdempotencyStore(db, clock, STALE_MS);
  const claim = (key: string, hash = 'h1', apiKeyId = 'key-1') =>
    store.claim({ apiKeyId, key, scope: 'POST /things', organizationId: 'org-1', hash });
  const row = (key: string, apiKeyId = 'key-1') =>
    db.selectFrom('idempotency_keys').selectAll().where('api_key_id', '=', apiKeyId).where('key', '=', key).executeTakeFirst();
  /** Claims `key` as new and returns the held claim. */
  const hold = async (key: string, hash = 'h1'): Promise<HeldClaim> => {
    const claimed = await claim(key, hash);
    assert.equal(claimed.kind, 'new');
    return { apiKeyId: 'key-1', key, token: (claimed as { token: string }).token };
  };
  return { db, clock, store, claim, row, hold };
}

async function keys(db: Kysely<DB>): Promise<string[]> {
  return (await db.selectFrom('idempotency_keys').select('key').orderBy('key').execute()).map((r) => r.key);
}

describeEachRuleDatabase('idempotency store rules', (env) => {
  it('claims a new key as running, with its scope, organization, hash, token and 24 h expiry', async () => {
    const { claim, row } = await storeOn(env);
    const claimed = await claim('a');
    assert.equal(claimed.kind, 'new');
    const stored = await row('a');
    assert.deepEqual(
      { ...stored, created_at: Date.parse(String(stored!.created_at)), expires_at: Date.parse(String(stored!.expires_at)) },
      {
        api_key_id: 'key-1',
        key: 'a',
        scope: 'POST /things',
        organization_id: 'org-1',
        request_hash: 'h1',
        state: 'running',
        response_status: null,
        response_body: null,
        created_at: T0,
        expires_at: T0 + IDEMPOTENCY_TTL_MS,
        claim_token: (claimed as { token: string }).token,
      },
    );
    assert.equal((await claim('a', 'h1', 'key-2')).kind, 'new', 'keys are per API key');
    assert.equal(IDEMPOTENCY_TTL_MS, 24 * 3_600_000, 'answers are kept 24 h (DESIGN.md §4)');
  });

  it('answers in progress, reused or replay by state and hash, and takes over a running claim only once it is stale', async () => {
    const { store, db, clock, claim, hold } = await storeOn(env);
    const held = await hold('a');
    assert.deepEqual(await claim('a'), { kind: 'in_progress' });
    assert.deepEqual(await claim('a', 'h2'), { kind: 'reused' }, 'a different request while the first runs');
    clock.at = T0 + STALE_MS;
    assert.deepEqual(await claim('a'), { kind: 'in_progress' }, 'exactly the stale time is not stale yet');
    clock.at = T0 + STALE_MS + 1;
    assert.deepEqual(await claim('a', 'h2'), { kind: 'reused' }, 'a stale claim is not taken over by a different request');
    const taken = await claim('a');
    assert.equal(taken.kind, 'new', 'one millisecond past: taken over');
    assert.notEqual((taken as { token: string }).token, held.token);
    await assert.rejects(
      db.transaction().execute((trx) => store.record(trx, held, 201, '{}')),
      /took it over/,
      'the first request can no longer commit its effect',
    );
  });

  it('replays a committed claim once it is stale (never runs it again), and a done one at once', async () => {
    const { store, db, clock, claim, hold, row } = await storeOn(env);
    const held = await hold('c');
    await db.transaction().execute((trx) => store.record(trx, held, 201, '{"run":1}'));
    assert.equal((await row('c'))!.state, 'committed');
    assert.deepEqual(await claim('c'), { kind: 'in_progress' }, 'its request may still be answering');
    assert.deepEqual(await claim('c', 'h2'), { kind: 'reused' });
    clock.at = T0 + STALE_MS + 1;
    assert.deepEqual(await claim('c'), { kind: 'replay', status: 201, body: '{"run":1}' });
    assert.equal((await row('c'))!.claim_token, held.token, 'the committed claim is not taken over');

    clock.at = T0;
    const done = await hold('d');
    await store.complete(done, 422, '{"error":1}');
    assert.deepEqual(await claim('d'), { kind: 'replay', status: 422, body: '{"error":1}' });
    clock.at = T0 + STALE_MS + 1;
    assert.deepEqual(await claim('d'), { kind: 'replay', status: 422, body: '{"error":1}' }, 'a done key never goes stale');
    assert.deepEqual(await claim('d', 'h2'), { kind: 'reused' });
  });

  it('lets only one of two retries racing for a stale claim take it over', async () => {
    const { clock, claim, hold } = await storeOn(env);
    await hold('race');
    clock.at = T0 + STALE_MS + 1;
    const kinds = (await Promise.all([claim('race'), claim('race'), claim('race')])).map((c) => c.kind).sort();
    assert.deepEqual(kinds, ['in_progress', 'in_progress', 'new']);
  });

  it('treats a key as new from the moment it expires, whatever its state and body', async () => {
    const { store, clock, claim, hold } = await storeOn(env);
    const held = await hold('e');
    await store.complete(held, 201, '{}');
    clock.at = T0 + IDEMPOTENCY_TTL_MS - 1;
    assert.equal((await claim('e', 'h2')).kind, 'reused', 'a millisecond before expiry');
    clock.at = T0 + IDEMPOTENCY_TTL_MS;
    assert.equal((await claim('e', 'h2')).kind, 'new', 'expired: a new key');
  });

  it('takes over a stale claim stored before claims had tokens', async () => {
    const { db, clock, claim, row } = await storeOn(env);
    await db
      .insertInto('idempotency_keys')
      .values({
        api_key_id: 'key-1',
        key: 'old',
        scope: 'POST /things',
        organization_id: null,
        request_hash: 'h1',
        state: 'running',
        response_status: null,
        response_body: null,
        created_at: new Date(T0).toISOString(),
        expires_at: new Date(T0 + IDEMPOTENCY_TTL_MS).toISOString(),
        claim_token: null,
      })
      .execute();
    clock.at = T0 + STALE_MS + 1;
    const taken = await claim('old');
    assert.equal(taken.kind, 'new');
    assert.equal((await row('old'))!.claim_token, (taken as { token: string }).token);
  });

  it('records, completes and releases only its own claim, and only while it is open', async () => {
    const { store, db, row, hold } = await storeOn(env);
    const held = await hold('r');
    const stranger = { ...held, token: 'not-mine' };
    await assert.rejects(
      db.transaction().execute((trx) => store.record(trx, stranger, 201, '{}')),
      (err: unknown) => (err as { code?: string }).code === 'IDEMPOTENCY_KEY_IN_PROGRESS',
    );
    await store.complete(stranger, 201, '{}');
    await store.release(stranger);
    assert.equal((await row('r'))!.state, 'running', 'a stranger changed nothing');

    await db.transaction().execute((trx) => store.record(trx, held, 201, '{"a":1}'));
    const recorded = await row('r');
    assert.deepEqual([recorded!.state, recorded!.response_status, recorded!.response_body], ['committed', 201, '{"a":1}']);
    await store.release(held);
    const released = await row('r');
    assert.ok(released, 'a committed claim is kept');
    assert.equal(released.state, 'done');
    assert.equal(released.response_body, '{"a":1}', 'with its recorded answer');
    await assert.rejects(
      db.transaction().execute((trx) => store.record(trx, held, 500, '{}')),
      /took it over/,
      'a done claim takes no more records',
    );
    await store.complete(held, 500, 'late');
    assert.equal((await row('r'))!.response_body, '{"a":1}', 'nor a later answer');

    const running = await hold('s');
    await store.release(running);
    assert.equal(await row('s'), undefined, 'a claim that committed nothing is released');

    const sent = await hold('sent');
    await db.transaction().execute((trx) => store.record(trx, sent, 201, '{"recorded":1}'));
    await store.complete(sent, 201, '{"sent":1}');
    const answered = await row('sent');
    assert.deepEqual([answered!.state, answered!.response_body], ['done', '{"sent":1}'], 'the answer sent replaces the recorded one');

    const open = await hold('t');
    await store.complete(open, 200, '{"ok":true}');
    assert.deepEqual([(await row('t'))!.state, (await row('t'))!.response_status], ['done', 200]);
  });

  it('keeps a held claim fresh by heartbeat every third of the stale time, and stops when told', async () => {
    const db = await env.openDatabase();
    const clock = { at: T0, now: () => new Date(clock.at) };
    // Stale after 1.5 s: a heartbeat every 500 ms.
    const store = new IdempotencyStore(db, clock, 1500);
    const claimed = await store.claim({ apiKeyId: 'k', key: 'hb', scope: 's', organizationId: null, hash: 'h' });
    const held = { apiKeyId: 'k', key: 'hb', token: (claimed as { token: string }).token };
    const errors: unknown[] = [];
    const createdAt = async () =>
      Date.parse(
        String((await db.selectFrom('idempotency_keys').select('created_at').where('key', '=', 'hb').executeTakeFirstOrThrow()).created_at),
      );
    const started = Date.now();
    const stop = store.keepAlive(held, (err) => errors.push(err));
    clock.at = T0 + 5000;
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(await createdAt(), T0, 'no heartbeat before a third of the stale time (timers fire late, never early)');
    while ((await createdAt()) !== T0 + 5000 && Date.now() - started < 3000) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(await createdAt(), T0 + 5000, 'refreshed within a few intervals of 500 ms');
    clock.at = T0 + 7000;
    while ((await createdAt()) !== T0 + 7000 && Date.now() - started < 6000) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(await createdAt(), T0 + 7000, 'and again: the heartbeat goes on while the claim is open');
    stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    clock.at = T0 + 9000;
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(await createdAt(), T0 + 7000, 'not refreshed once stopped');
    assert.deepEqual(errors, []);
  });

  it('hashes the same body in any key order alike, and a different method, path or value apart', () => {
    const hash = requestHash('POST', '/a', { b: [1, { d: 2, c: 3 }], a: null });
    assert.equal(hash, requestHash('POST', '/a', { a: null, b: [1, { c: 3, d: 2 }] }));
    assert.match(hash, /^[0-9a-f]{64}$/);
    for (const other of [
      requestHash('PUT', '/a', { a: null, b: [1, { c: 3, d: 2 }] }),
      requestHash('POST', '/b', { a: null, b: [1, { c: 3, d: 2 }] }),
      requestHash('POST', '/a', { a: null, b: [{ c: 3, d: 2 }, 1] }),
      requestHash('POST', '/a', { a: 0, b: [1, { c: 3, d: 2 }] }),
    ])
      assert.notEqual(other, hash);
    assert.equal(requestHash('POST', '/a', undefined), requestHash('POST', '/a', null), 'no body is a null body');
    assert.notEqual(requestHash('POST', '/a', []), requestHash('POST', '/a', {}));
    assert.notEqual(requestHash('POST', '/a', ['a,b']), requestHash('POST', '/a', ['a', 'b']));
    assert.notEqual(requestHash('POST', '/a', [12]), requestHash('POST', '/a', [1, 2]));
  });

  it('purges expired keys in batches, up to the batch limit, and only expired ones', async () => {
    const db = await env.openDatabase();
    const now = new Date(T0);
    const at = (ms: number) => new Date(T0 + ms).toISOString();
    await db
      .insertInto('idempotency_keys')
      .values([
        keyRow('a', at(-3)),
        keyRow('b', at(-2)),
        keyRow('c', at(0)),
        keyRow('d', at(-1)),
        keyRow('e', at(-1)),
        keyRow('live', at(1)),
      ])
      .execute();
    assert.equal(await purgeExpiredIdempotencyKeys(db, now, 2, 1), 2, 'one batch of two');
    assert.equal((await keys(db)).length, 4);
    assert.equal(await purgeExpiredIdempotencyKeys(db, now, 2), 3, 'the rest, in two batches: expiring at this instant included');
    assert.deepEqual(await keys(db), ['live']);
    assert.equal(await purgeExpiredIdempotencyKeys(db, now, 2), 0);
    await db
      .insertInto('idempotency_keys')
      .values([keyRow('f', at(-1)), keyRow('g', at(-1))])
      .execute();
    assert.equal(await purgeExpiredIdempotencyKeys(db, now, 2), 2, 'a full batch, then an empty one');
    assert.deepEqual(await keys(db), ['live']);
  });
});
