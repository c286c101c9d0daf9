/**
 * Writes the route table of docs/roles.md from the app's route table: every organization route and
 * the permission and scope it declares. test/http/roles-docs.test.ts fails when the two differ.
 *
 *   npx tsx scripts/roles-docs.ts
 */
import fs from 'node:fs';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { createRuntime } from '../src/runtime.js';
import { routeTableMarkdown } from '../test/support/roles.js';

const DOC = 'docs/roles.md';
const HEADER = '| method | path | permission | key scope |';

const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: 'sqlite::memory:',
  ADMIN_TOKEN: 'x'.repeat(32),
  SEED_DEMO: 'false',
  PORT: '0',
});
const runtime = await createRuntime(config, { logger: pino({ level: 'silent' }) });
const table = routeTableMarkdown(runtime.app.routeTable);
await runtime.close(1000);

const doc = fs.readFileSync(DOC, 'utf8');
const start = doc.indexOf(HEADER);
if (start < 0) throw new Error(`${DOC} has no route table (${HEADER})`);
const end = doc.indexOf('\n\n', start);
fs.writeFileSync(DOC, doc.slice(0, start) + table + (end < 0 ? '\n' : doc.slice(end)));
console.log(`wrote the route table of ${DOC}`);
