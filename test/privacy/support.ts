/**
 * The privacy tests' fixtures: a person seeded into every place their data can reach (through the
 * API, a provider callback and a webhook receiver), and a scan of every table and of the file store.
 */
import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { SeededOrganization, TestEnv, TestService } from '../support/harness.js';
import { WebhookReceiver } from '../fakes/webhook-receiver.js';
import { post } from '../messages/support.js';
import { startWithFiles, upload } from '../files/support.js';
import { insertField, insertStage } from '../customers/crm-fixtures.js';
import { eventually, register, webhooksSettled } from '../webhooks/support.js';

// The sandbox's own status callbacks are pushed an hour away: nothing arrives after the erasure.
export const QUIET = { channelConfig: { deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 } };

export function start(env: TestEnv): Promise<TestService> {
  return startWithFiles(env, { WEBHOOK_RETRY_SCHEDULE_MS: '50,100' });
}

async function call(svc: TestService, method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${svc.url}${url}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  let json: any;
  try {
    json = JSON.parse(bytes.toString());
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, bytes, json, text: bytes.toString() };
}
export { call };

/** Receivers started by seedPerson: the test file closes them after each test. */
export const openReceivers: WebhookReceiver[] = [];

export interface SeededPerson {
  /** Lower case: e-mail addresses are stored lower-cased. */
  marker: string;
  phone: string;
  customerId: string;
  chatId: string;
  fileId: string;
  fileBytes: Buffer;
  fileName: string;
  receiver: WebhookReceiver;
}

/** A person whose marker reaches every place a person's data can go, with every asynchronous effect settled. */
export async function seedPerson(svc: TestService, org: SeededOrganization): Promise<SeededPerson> {
  const marker = `erase-me-${randomBytes(6).toString('hex')}`;
  const phone = `55119${String(randomInt(10_000_000, 99_999_999))}`;
  const { organizationId: orgId, keyHeader } = org;
  const receiver = await WebhookReceiver.start({ body: `ack ${marker}` });
  openReceivers.push(receiver);
  await register(svc, org, receiver);
  await insertField(svc, orgId, 'nickname', 'text');
  const stageId = await insertStage(svc, orgId);

  const created = await call(svc, 'POST', `/api/${orgId}/customers`, keyHeader, {
    name: `Ana ${marker}`,
    email: `${marker}@example.com`,
    contacts: [{ type: 'whatsapp', value: `+${phone}`, label: marker }],
  });
  assert.equal(created.status, 201, created.text);
  const customerId: string = created.json.data.id;
  const base = `/api/${orgId}/customers/${customerId}`;
  assert.equal((await call(svc, 'POST', `${base}/notes`, keyHeader, { title: `note ${marker}`, content: marker })).status, 201);
  assert.equal((await call(svc, 'POST', `${base}/field-values`, keyHeader, { slug: 'nickname', value: marker })).status, 200);
  assert.equal((await call(svc, 'PUT', `${base}/stage`, keyHeader, { stageId, notes: `moved ${marker}` })).status, 200);
  const tag = await call(svc, 'POST', `/api/${orgId}/tags`, keyHeader, { name: `vip-${randomBytes(3).toString('hex')}`, color: '#ff0000' });
  assert.equal(tag.status, 201, tag.text);
  assert.equal((await call(svc, 'POST', `${base}/tags`, keyHeader, { tagId: tag.json.data.id })).status, 200);

  const channel = org.channels.whatsapp_official;
  const sent = await post(
    svc,
    '/v1/messages/send',
    { channel_id: channel, to: phone, type: 'text', content: { text: `hello ${marker}` } },
    { ...org.bearer, 'idempotency-key': `send-${marker}` },
  );
  assert.equal(sent.status, 201, sent.text);
  const chatId: string = sent.json.data.chat_id;

  const fileBytes = Buffer.from(`the bytes of ${marker}\n`);
  const fileName = `${marker}.txt`;
  const uploaded = await upload(svc, orgId, keyHeader, fileBytes, fileName);
  assert.equal(uploaded.status, 201, uploaded.text);
  const fileId: string = uploaded.json.data.id;
  const sequence = await post(
    svc,
    `/api/${orgId}/chat/${chatId}/message-sequence`,
    { steps: [{ content: `file for ${marker}`, attachment_ids: [fileId] }] },
    keyHeader,
  );
  assert.equal(sequence.status, 201, sequence.text);

  const inbound = await post(svc, `/channels/${channel}/webhook`, {
    event: 'message',
    message_id: `in-${marker}`,
    from: phone,
    name: `Ana ${marker}`,
    type: 'text',
    content: { text: `reply ${marker}` },
  });
  assert.equal(inbound.status, 200, inbound.text);

  // Everything asynchronous settled: the callback applied, every message sent, every webhook delivered.
  await eventually(
    async () => {
      const pending = await svc.db.selectFrom('provider_callbacks').select('id').where('processed_at', 'is', null).execute();
      const messages = await svc.db.selectFrom('messages').select(['direction', 'status']).where('chat_id', '=', chatId).execute();
      return (
        pending.length === 0 &&
        messages.some((m) => m.direction === 'inbound') &&
        messages.filter((m) => m.direction === 'outbound').length >= 3 &&
        messages.every((m) => m.status !== 'pending')
      );
    },
    15_000,
    'the callback applied and the messages sent',
  );
  await webhooksSettled(svc, orgId, 15_000);
  return { marker, phone, customerId, chatId, fileId, fileBytes, fileName, receiver };
}

/** Every base table of the database, read from its catalogue (a new table is covered without a change here). */
async function tableNames(svc: TestService): Promise<string[]> {
  if (svc.deps.dialect === 'sqlite') {
    const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
      svc.db,
    );
    return rows.rows.map((r) => r.name);
  }
  const rows = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(svc.db);
  return rows.rows.map((r) => r.name);
}

function flatten(value: unknown): string {
  if (Buffer.isBuffer(value)) return value.toString('latin1');
  if (value instanceof Uint8Array) return Buffer.from(value).toString('latin1');
  return JSON.stringify(value);
}

/** `table.column` of every value (of any column type) holding one of `needles`, case-insensitively. */
export async function findInDatabase(svc: TestService, needles: string[]): Promise<string[]> {
  const lower = needles.map((n) => n.toLowerCase());
  const found: string[] = [];
  const tables = await tableNames(svc);
  assert.ok(tables.includes('customers') && tables.includes('events') && tables.length > 25, `tables: ${tables.join(', ')}`);
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(svc.db);
    for (const row of rows.rows) {
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value === undefined) continue;
        const text = flatten(value).toLowerCase();
        if (lower.some((n) => text.includes(n))) found.push(`${table}.${column}`);
      }
    }
  }
  return [...new Set(found)];
}

/** Files under `dir` whose name or bytes hold one of `needles`. */
export function findInFolder(dir: string, needles: string[]): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (needles.some((n) => entry.name.includes(n) || fs.readFileSync(full).toString('latin1').includes(n))) found.push(full);
    }
  };
  walk(dir);
  return found;
}
