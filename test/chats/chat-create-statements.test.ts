/**
 * What a chat create for a new contact costs the database (docs/capacity.md "Chat create"): on
 * PostgreSQL every statement is a round trip, so the list is held here.
 * - The customer is new in the transaction, so the chat's insert goes first (`on conflict do
 *   nothing`: the one-active-chat index may still hold a chat opened for this contact under another
 *   customer) and no select looks for the chat.
 * - On PostgreSQL the customer and its contact are one statement (a data-modifying CTE); SQLite,
 *   in the process, runs the two inserts.
 * The rare case the insert-first path must get right (the contact's active chat belongs to a
 * customer whose number changed since) is rule 5's test in chat-create.test.ts.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { statementsWhile } from '../support/statements.js';
import { createChat } from './chat-create-support.js';

/** Each statement as `<verb> <table>[+<table>…]`: the tables it writes (inserts) or reads first. */
function shapesOf(statements: { sql: string }[]): string[] {
  return statements.map((s) => {
    const text = s.sql.replace(/\s+/g, ' ').trim();
    const inserted = [...text.matchAll(/insert into "?(\w+)"?/gi)].map((m) => m[1]);
    if (inserted.length > 0) return `insert ${inserted.join('+')}`;
    if (/pg_advisory_xact_lock/.test(text)) return 'lock';
    const verb = /^(select|update|delete)\b/i.exec(text)?.[1]?.toLowerCase() ?? '?';
    return `${verb} ${/\b(?:from|update) "?(\w+)"?/i.exec(text)?.[1] ?? '?'}`;
  });
}

describeEachDatabase('the statements of a chat create', (env) => {
  it('a new contact: the customer with its contact, the chat inserted first, the events in one insert', async () => {
    // No worker: its pollers (jobs, event sinks, IMAP) would be counted too.
    const svc = await env.start({ listen: true, startWorker: false });
    const org = await svc.seedOrganization();
    const channelId = org.channels.whatsapp_zapi;
    // The key and the channel are read once and kept; their reads are not what is counted here.
    assert.equal((await createChat(svc, org, { channelId, customer: { whatsapp: '5511912340000' } })).status, 200);

    const statements = await statementsWhile(svc.db, async () => {
      const res = await createChat(svc, org, { channelId, customer: { name: 'Bia', whatsapp: '5511912340001' } });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.existing, false);
    });
    const postgres = env.dialect === 'postgres';
    assert.deepEqual(shapesOf(statements), [
      ...(postgres ? ['lock'] : []), // SQLite's one writer already serializes creates
      'select customer_contacts',
      ...(postgres ? ['insert customers+customer_contacts'] : ['insert customers', 'insert customer_contacts']),
      'insert chats', // first: no select of the chat for a customer new in this transaction
      'insert events', // customer.created and chat.created
      'insert audit_log',
    ]);
  });
});
