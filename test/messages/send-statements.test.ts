/**
 * What a send to a known recipient costs the database (docs/capacity.md "The send path"): on
 * PostgreSQL every statement is a round trip, so the statement list is held here.
 * - The send target (the channel, its organization and the caller's membership) is read by the
 *   first send of a key's profile on a channel and kept (access/kept-channels.ts): later sends skip it.
 * - The send's INSERT … SELECT answers whether the chat awaits its first agent reply, and the
 *   first-reply fact's UPDATE (agent-reply-fact.ts) runs only then; the fact is still set by the
 *   first reply after the customer wrote, and never moved by a later one.
 * So a send into a chat already answered, or one the customer never wrote in, is five statements;
 * a send that creates its chat runs no UPDATE of it either.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { statementsWhile } from '../support/statements.js';
import { customerWrites, openChat } from '../chats/support.js';

/** The table each statement writes or reads first, in order: what a reader compares at a glance. */
function tablesOf(statements: { sql: string }[]): string[] {
  return statements.map((s) => {
    const sqlText = s.sql.replace(/\s+/g, ' ').trim();
    const verb = /^(select|insert into|update|delete from)\b/i.exec(sqlText)?.[1]?.toLowerCase() ?? '?';
    const table =
      verb === 'select' ? /\bfrom "?(\w+)"?/i.exec(sqlText)?.[1] : /^(?:insert into|update|delete from) "?(\w+)"?/i.exec(sqlText)?.[1];
    return `${verb.split(' ')[0]} ${table ?? '?'}`;
  });
}

const KNOWN_SEND = [
  'insert messages', // into the contact's active chat (INSERT … SELECT)
  'update messages', // the outcome: sent
  'insert events', // message.sent
  'insert jobs', // the sandbox's status callbacks
  'insert audit_log',
];

describeEachDatabase('the statements of a send', (env) => {
  it('a known recipient is five statements once the target is kept; the first-reply UPDATE runs only in a chat awaiting it', async () => {
    const svc = await env.start({ listen: true });
    // Status callbacks pushed past the test, so no job of theirs runs while statements are counted.
    const org = await svc.seedOrganization({ channelConfig: { deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 } });
    const silent = '5511912345000';
    const to = '5511912345001';
    await openChat(svc, org, silent);
    const chatId = await openChat(svc, org, to);
    assert.equal((await customerWrites(svc, org.channels.whatsapp_zapi, to)).chatId, chatId);
    // Nothing else may use the database while statements are counted: the background pollers' reads would be counted too.
    await svc.stopBackgroundWork();

    // A new recipient: its chat is created by this send, so no UPDATE either.
    const newRecipient = tablesOf(await statementsWhile(svc.db, () => openChat(svc, org, '5511912345002')));
    assert.ok(newRecipient.includes('insert chats'), newRecipient.join(', '));
    assert.ok(!newRecipient.includes('update chats'), newRecipient.join(', '));

    // The customer never wrote: nothing to answer, no UPDATE.
    assert.deepEqual(tablesOf(await statementsWhile(svc.db, () => openChat(svc, org, silent))), KNOWN_SEND);

    const firstReply = await statementsWhile(svc.db, () => openChat(svc, org, to));
    assert.deepEqual(tablesOf(firstReply), [KNOWN_SEND[0], 'update chats', ...KNOWN_SEND.slice(1)]);
    const fact = () =>
      svc.db
        .selectFrom('chats')
        .select(['first_agent_reply_at', 'first_agent_reply_profile_id'])
        .where('id', '=', chatId)
        .executeTakeFirstOrThrow();
    const answered = await fact();
    assert.ok(answered.first_agent_reply_at, 'the first reply after the customer wrote sets the fact');
    assert.equal(answered.first_agent_reply_profile_id, org.profileId);

    // Answered: the next send skips the UPDATE and the fact stays.
    assert.deepEqual(tablesOf(await statementsWhile(svc.db, () => openChat(svc, org, to))), KNOWN_SEND);
    assert.deepEqual(await fact(), answered);
  });
});
