/**
 * Migration 0018: events recorded before payloads were snake_case are rewritten, so the feed shows
 * one casing whatever the age of the event; embedded API records and other types are untouched,
 * and `down` gives the old keys back.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Kysely } from 'kysely';
import { down, up } from '../../src/db/migrations/0018-event-payloads-snake-case.js';
import { newId } from '../../src/lib/ids.js';
import { toJson } from '../../src/lib/json.js';
import { settledFeed } from '../support/event-feed.js';
import { describeEachDatabase } from '../support/harness.js';
import { eventValidator } from './event-validator.js';

const CHAT = newId();
const CUSTOMER = newId();
const PROFILE = newId();
const NOTE = {
  id: newId(),
  customerId: CUSTOMER,
  title: 'Call',
  content: null,
  authorProfileId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** Payloads as the previous version wrote them. */
const OLD: [string, Record<string, unknown>][] = [
  ['chat.assigned', { chatId: CHAT, assigneeProfileId: PROFILE, previousAssigneeProfileId: null, teamId: null }],
  ['chat.read', { chatId: CHAT, profileId: PROFILE, markedRead: 2 }],
  ['customer.tag_removed', { customerId: CUSTOMER, tagId: newId(), chatId: null, actorProfileId: null, reason: 'tag_deleted' }],
  ['customer.note_updated', { customerId: CUSTOMER, note: NOTE }],
  ['flow.failed', { runId: newId(), flowId: newId(), chatId: CHAT, status: 'failed', error: 'LOOP_WITHOUT_WAIT: step 0' }],
  ['message.status_updated', { message_id: newId(), status: 'read', timestamp: '2026-01-01T00:00:00.000Z' }],
];

describeEachDatabase('migration 0018: stored event payloads in snake_case', (env) => {
  it('renames the old keys of stored events in place, keeps embedded records, and down gives them back', async () => {
    const svc = await env.start({ startWorker: false });
    const org = await svc.seedOrganization();
    const now = new Date().toISOString();
    await svc.db
      .insertInto('events')
      .values(
        OLD.map(([type, data]) => ({
          id: `evt_${newId()}`,
          organization_id: org.organizationId,
          type,
          payload: toJson(data),
          created_at: now,
        })),
      )
      .execute();
    const stored = async () =>
      (
        await svc.db
          .selectFrom('events')
          .select(['type', 'payload'])
          .where('organization_id', '=', org.organizationId)
          .orderBy('seq')
          .execute()
      ).map((row) => ({ type: row.type, data: JSON.parse(row.payload) as Record<string, unknown> }));

    const db = svc.db as unknown as Kysely<unknown>;
    await up(db);
    const after = await stored();
    assert.deepEqual(Object.keys(after[0]!.data).sort(), ['assignee_profile_id', 'chat_id', 'previous_assignee_profile_id', 'team_id']);
    assert.deepEqual(after[1]!.data, { chat_id: CHAT, profile_id: PROFILE, marked_read: 2 });
    assert.deepEqual(after[3]!.data, { customer_id: CUSTOMER, note: NOTE }, 'the embedded note keeps the API names');
    assert.deepEqual(after[5]!.data, OLD[5]![1], 'already snake_case: untouched');
    const check = eventValidator();
    assert.deepEqual(
      after.flatMap((event) => check(event.type, event.data) ?? []),
      [],
    );
    // The feed answers the new shape.
    const feed = await settledFeed(svc, org, OLD.length);
    assert.deepEqual(
      feed.data.map((event: { data: unknown }) => event.data),
      after.map((event) => event.data),
    );

    await up(db);
    assert.deepEqual(await stored(), after, 'running it again changes nothing');
    await down(db);
    assert.deepEqual(
      (await stored()).map((event) => event.data),
      OLD.map(([, data]) => data),
    );
  });
});
