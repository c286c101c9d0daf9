/**
 * `describeEachDatabase` for rule tests that need a migrated database and not the service around it
 * (harness.ts builds the whole runtime, and importing it alone costs seconds): each test opens fresh
 * databases with `env.openDatabase()`, on SQLite always and on PostgreSQL when TEST_DATABASE_URL is
 * set, closed and dropped after it. The mutation runs (`npm run mutate`) start such a file once per
 * mutant, so what it imports is paid hundreds of times.
 */
import { afterEach, describe } from 'node:test';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../src/db/connection.js';
import type { DB } from '../../src/db/schema.js';
import { createTestDatabase, DIALECTS, type TestDialect } from './databases.js';
import { runInReverse } from './cleanups.js';
import { recordSuiteFile } from './suite-files.js';

export class RuleDatabases {
  private readonly cleanups: (() => Promise<void>)[] = [];

  constructor(readonly dialect: TestDialect) {}

  /** A fresh, migrated database (cloned from a migrated template on both dialects). */
  async openDatabase(): Promise<Kysely<DB>> {
    const database = await createTestDatabase(this.dialect);
    this.cleanups.push(() => database.drop());
    const opened = openDatabase(database.config);
    // Closed before the database is dropped (cleanups run in reverse).
    this.cleanups.push(() => opened.close());
    return opened.db;
  }

  cleanup(): Promise<void> {
    return runInReverse(this.cleanups);
  }
}

/** Runs `body` once per dialect (SQLite always, PostgreSQL when TEST_DATABASE_URL is set). */
export function describeEachRuleDatabase(title: string, body: (env: RuleDatabases) => void): void {
  recordSuiteFile(DIALECTS.map(({ dialect }) => `${title} [${dialect}]`));
  for (const { dialect, skip } of DIALECTS) {
    describe(`${title} [${dialect}]`, { skip }, () => {
      const env = new RuleDatabases(dialect);
      afterEach(() => env.cleanup());
      body(env);
    });
  }
}
