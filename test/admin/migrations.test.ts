/**
 * Applying migrations at start (src/db/migrate.ts): a database with exactly the known migrations
 * applied is left alone without asking Kysely's Migrator, while any other state is still the
 * Migrator's to judge, a migration this version does not know included; readiness counts the known
 * migrations only.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../src/db/connection.js';
import type { DB } from '../../src/db/schema.js';
import { migrateToLatest, migrationNames, migrationsApplied } from '../../src/db/migrate.js';
import { describeEachRuleDatabase } from '../support/rule-databases.js';

const asUnknown = (db: Kysely<DB>) => db as unknown as Kysely<unknown>;

describeEachRuleDatabase('migrations at start', (env) => {
  it('leaves a database at the latest alone and says it is ready', async () => {
    const db = asUnknown(await env.openDatabase());
    assert.deepEqual(await migrateToLatest(db), []);
    assert.equal(await migrationsApplied(db), true);
  });

  it('is not ready with a migration missing', async () => {
    const db = asUnknown(await env.openDatabase());
    await sql`delete from kysely_migration where name = ${migrationNames().at(-1)}`.execute(db);
    assert.equal(await migrationsApplied(db), false);
  });

  it('refuses a database migrated by a version it does not know, as the Migrator does, and is still ready', async () => {
    const db = asUnknown(await env.openDatabase());
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-later-version', '2026-11-27T00:00:00.000Z')`.execute(db);
    await assert.rejects(migrateToLatest(db), /9999-from-a-later-version is missing/);
    assert.equal(await migrationsApplied(db), true);
  });
});

it('applies every migration to a new database, then none', async () => {
  const database = openDatabase({ dialect: 'sqlite', file: ':memory:' });
  try {
    const db = asUnknown(database.db);
    assert.equal(await migrationsApplied(db), false);
    assert.deepEqual(await migrateToLatest(db), migrationNames());
    assert.deepEqual(await migrateToLatest(db), []);
    assert.equal(await migrationsApplied(db), true);
  } finally {
    await database.close();
  }
});
