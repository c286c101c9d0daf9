/**
 * The chat lifecycle through the chat API (DESIGN.md §6): every allowed transition and every
 * refused one, the events and their webhooks, auto-close after awaitClosingMinutes, a customer's
 * message bringing a closing chat back, closed being final, assignment and collaborators, and
 * round-robin auto-assignment over a team.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, type SeededOrganization, type TestService } from '../support/harness.js';
import { waitFor } from '../messages/support.js';
import { WebhookReceiver } from '../fakes/webhook-receiver.js';
import { register } from '../webhooks/support.js';
import { orgContext } from '../../src/modules/shared/org-context.js';
import { CHAT_STATUSES, type ChatStatus } from '../../src/modules/shared/chat-states.js';
import { canTransition } from '../../src/modules/chats/chat-lifecycle.js';
import { TestClock } from '../../src/lib/clock.js';
import { addMember, chatApi, chatEvents, chatRow, customerWrites, openChat } from './support.js';

const QUIET = { channelConfig: { deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let contactSeq = 0;
/** A chat of a new contact, brought to `state` through the API. */
async function chatIn(svc: TestService, org: SeededOrganization, state: ChatStatus): Promise<string> {
  const api = chatApi(svc, org, org.keyHeader);
  const chatId = await openChat(svc, org, `55119876${String(5000 + ++contactSeq).padStart(5, '0')}`);
  const path: Record<ChatStatus, ChatStatus[]> = {
    pending: [],
    in_progress: ['in_progress'],
    await_closing: ['in_progress', 'await_closing'],
    closed: ['closed'],
  };
  for (const step of path[state]) assert.equal((await api.status(chatId, step)).status, 200);
  return chatId;
}

describeEachDatabase('chat lifecycle: status changes', (env) => {
  it('every allowed transition answers 200 with the record and writes chat.status_changed (and chat.assigned when the assignee changes)', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization(QUIET);
    const api = chatApi(svc, org, org.keyHeader);
    const cases: { from: ChatStatus; to: ChatStatus; assignee: string | null; assigned?: string | null }[] = [
      { from: 'pending', to: 'in_progress', assignee: org.profileId, assigned: org.profileId },
      { from: 'pending', to: 'closed', assignee: null },
      { from: 'in_progress', to: 'await_closing', assignee: org.profileId },
      { from: 'in_progress', to: 'pending', assignee: null, assigned: null },
      { from: 'await_closing', to: 'in_progress', assignee: org.profileId },
      { from: 'await_closing', to: 'closed', assignee: org.profileId },
    ];
    for (const c of cases) {
      assert.ok(canTransition(c.from, c.to));
      const chatId = await chatIn(svc, org, c.from);
      const before = (await chatEvents(svc, org.organizationId, chatId)).length;
      const res = await api.status(chatId, c.to);
      assert.equal(res.status, 200, `${c.from} → ${c.to}: ${res.text}`);
      assert.equal(res.json.data.status, c.to);
      assert.equal(res.json.data.assigneeProfileId, c.assignee, `${c.from} → ${c.to} assignee`);
      assert.equal(res.json.data.closedAt !== null, c.to === 'closed');
      assert.equal((await chatRow(svc, chatId)).status, c.to);
      const events = (await chatEvents(svc, org.organizationId, chatId)).slice(before);
      const expected: { type: string; data: Record<string, unknown> }[] = [
        { type: 'chat.status_changed', data: { chat_id: chatId, from: c.from, to: c.to, reason: 'agent' } },
      ];
      if (c.assigned !== undefined) {
        expected.push({
          type: 'chat.assigned',
          data: {
            chat_id: chatId,
            assignee_profile_id: c.assigned,
            previous_assignee_profile_id: c.assigned === null ? org.profileId : null,
            team_id: null,
          },
        });
      }
      assert.deepEqual(events, expected, `${c.from} → ${c.to} events`);
    }
  });

  it('every refused transition is 409 INVALID_TRANSITION: nothing changes, no event; the same status again is a no-op', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization(QUIET);
    const api = chatApi(svc, org, org.keyHeader);
    let refused = 0;
    for (const from of CHAT_STATUSES) {
      const chatId = await chatIn(svc, org, from);
      for (const to of CHAT_STATUSES) {
        if (canTransition(from, to)) continue;
        const row = await chatRow(svc, chatId);
        const events = (await chatEvents(svc, org.organizationId)).length;
        const res = await api.status(chatId, to);
        if (to === from) {
          assert.equal(res.status, 200, `${from} → ${to}: ${res.text}`);
        } else {
          assert.equal(res.status, 409, `${from} → ${to}: ${res.text}`);
          assert.equal(res.json.success, false);
          assert.equal(res.json.error.code, 'INVALID_TRANSITION');
          refused++;
        }
        assert.deepEqual(await chatRow(svc, chatId), row, `${from} → ${to} changed the chat`);
        assert.equal((await chatEvents(svc, org.organizationId)).length, events, `${from} → ${to} wrote an event`);
      }
    }
    assert.equal(refused, 6);
  });

  it('chat.status_changed and chat.assigned reach a webhook receiver, signed (standardwebhooks) and readable in the events feed', async () => {
    const svc = await env.start({ listen: true, env: { WEBHOOK_RETRY_SCHEDULE_MS: '50,100' }, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const receiver = await WebhookReceiver.start();
    try {
      await register(svc, org, receiver, { events: ['chat.status_changed', 'chat.assigned'] });
      const api = chatApi(svc, org, org.keyHeader);
      const chatId = await chatIn(svc, org, 'pending');
      assert.equal((await api.status(chatId, 'in_progress')).status, 200);
      assert.equal((await api.status(chatId, 'await_closing')).status, 200);
      await receiver.waitFor(3);
      await sleep(100);
      assert.equal(receiver.received.length, 3);
      assert.ok(receiver.received.every((r) => r.valid));
      const got = receiver.received.map((r) =>
        JSON.stringify([r.body.event, r.body.data.chat_id, r.body.data.to ?? r.body.data.assignee_profile_id]),
      );
      assert.deepEqual(
        got.sort(),
        [
          ['chat.assigned', chatId, org.profileId],
          ['chat.status_changed', chatId, 'in_progress'],
          ['chat.status_changed', chatId, 'await_closing'],
        ]
          .map((e) => JSON.stringify(e))
          .sort(),
      );
      // The feed shows an event once the transactions older than its own have ended (PostgreSQL, events.service.ts).
      const types = await waitFor(
        async () => {
          const feed = await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/events`, headers: org.keyHeader });
          assert.equal(feed.statusCode, 200, feed.body);
          return feed.json().data.map((e: { type: string }) => e.type) as string[];
        },
        (list) => list.filter((t) => t.startsWith('chat.')).length >= 4,
      );
      assert.equal(types.filter((t: string) => t === 'chat.status_changed').length, 2);
      assert.equal(types.filter((t: string) => t === 'chat.assigned').length, 1);
    } finally {
      await receiver.close();
    }
  });
});

describeEachDatabase('chat lifecycle: closing', (env) => {
  const MINUTE = 60_000;
  /** Lets the worker, woken by an advance of the clock, claim what is due (it claims at once; this is its margin). */
  const settle = () => sleep(150);
  /** Waits until only `left` auto-close jobs remain: the due ones ran (whatever they decided). */
  const autoClosesLeft = (svc: TestService, left: number) =>
    waitFor(
      async () => (await svc.db.selectFrom('jobs').select('id').where('type', '=', 'chats.auto_close').execute()).length,
      (n) => n === left,
      5000,
    );

  // The clock is moved by hand: a three-minute auto-close is tested without waiting for it.
  async function start() {
    const clock = new TestClock();
    const svc = await env.start({ listen: true, clock, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const patched = await svc.admin('PATCH', `/organizations/${org.organizationId}`, { settings: { awaitClosingMinutes: 3 } });
    assert.equal(patched.statusCode, 200, patched.body);
    return { svc, org, clock, api: chatApi(svc, org, org.keyHeader) };
  }

  it("await_closing closes by itself after the organization's awaitClosingMinutes (3)", async () => {
    const { svc, org, clock, api } = await start();
    const chatId = await chatIn(svc, org, 'in_progress');
    const started = clock.now().getTime();
    assert.equal((await api.status(chatId, 'await_closing')).status, 200);
    clock.advance(2 * MINUTE);
    await settle();
    assert.equal((await chatRow(svc, chatId)).status, 'await_closing', 'not before its time');
    clock.advance(MINUTE - 1000);
    await settle();
    assert.equal((await chatRow(svc, chatId)).status, 'await_closing', 'not a second before its time');
    clock.advance(1000);
    const closed = await waitFor(
      () => chatRow(svc, chatId),
      (row) => row.status === 'closed',
      5000,
    );
    assert.equal(closed.status, 'closed');
    assert.ok(closed.closed_at);
    assert.ok(Date.parse(closed.closed_at) - started >= 3 * MINUTE, 'closed three minutes (of the clock) later');
    const last = (await chatEvents(svc, org.organizationId, chatId)).at(-1);
    assert.deepEqual(last, {
      type: 'chat.status_changed',
      data: { chat_id: chatId, from: 'await_closing', to: 'closed', reason: 'auto_closed' },
    });
  });

  it('a customer message takes await_closing back to in_progress, and the old deadline then closes nothing', async () => {
    const { svc, org, clock, api } = await start();
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650001', 'hi');
    assert.equal((await api.status(chatId, 'in_progress')).status, 200);
    assert.equal((await api.status(chatId, 'await_closing')).status, 200);
    await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650001', 'wait, one more thing');
    const back = await chatRow(svc, chatId);
    assert.equal(back.status, 'in_progress');
    assert.equal(back.assignee_profile_id, org.profileId);
    assert.deepEqual((await chatEvents(svc, org.organizationId, chatId)).at(-1), {
      type: 'chat.status_changed',
      data: { chat_id: chatId, from: 'await_closing', to: 'in_progress', reason: 'customer_replied' },
    });
    // The agent asks to close again 1.5 minutes later: the first job (due at 3 minutes) must not close it.
    clock.advance(1.5 * MINUTE);
    assert.equal((await api.status(chatId, 'await_closing')).status, 200);
    clock.advance(1.5 * MINUTE + 1000);
    assert.equal(await autoClosesLeft(svc, 1), 1, 'the old deadline came');
    assert.equal((await chatRow(svc, chatId)).status, 'await_closing', 'closed at the old deadline');
    clock.advance(1.5 * MINUTE);
    const closed = await waitFor(
      () => chatRow(svc, chatId),
      (row) => row.status === 'closed',
      5000,
    );
    assert.equal(closed.status, 'closed');
    const closes = (await chatEvents(svc, org.organizationId, chatId)).filter((e) => e.data.to === 'closed');
    assert.equal(closes.length, 1);
  });

  it('a customer message before the deadline keeps the chat in_progress past it', async () => {
    const { svc, org, clock, api } = await start();
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650002', 'hi');
    assert.equal((await api.status(chatId, 'in_progress')).status, 200);
    assert.equal((await api.status(chatId, 'await_closing')).status, 200);
    await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650002', 'still here');
    clock.advance(4 * MINUTE);
    assert.equal(await autoClosesLeft(svc, 0), 0, 'the deadline came');
    assert.equal((await chatRow(svc, chatId)).status, 'in_progress');
  });

  it("a closed chat is final: the contact's next message opens a new pending chat", async () => {
    const { svc, org, api } = await start();
    const first = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650003', 'hi');
    assert.equal((await api.status(first.chatId, 'closed')).status, 200);
    const second = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650003', 'hello again');
    assert.notEqual(second.chatId, first.chatId);
    assert.equal((await chatRow(svc, first.chatId)).status, 'closed');
    const opened = (await api.get(second.chatId)).json.data;
    assert.equal(opened.status, 'pending');
    assert.equal(opened.customerId, (await chatRow(svc, first.chatId)).customer_id);
    const old = await api.messages(first.chatId);
    assert.equal(old.json.data.length, 1);
    assert.equal((await api.status(first.chatId, 'in_progress')).status, 409);
  });
});

describeEachDatabase('chat lifecycle: assignment', (env) => {
  it('assignee: attends a pending chat, unassigning hands it back to pending, a closing chat keeps its assignee', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization(QUIET);
    const api = chatApi(svc, org, org.keyHeader);
    const bea = await addMember(svc, org.organizationId, 'Bea');
    const chatId = await chatIn(svc, org, 'pending');

    const assigned = await api.assignee(chatId, { profileId: bea.profileId });
    assert.equal(assigned.status, 200, assigned.text);
    assert.equal(assigned.json.data.status, 'in_progress');
    assert.equal(assigned.json.data.assigneeProfileId, bea.profileId);
    assert.deepEqual(await chatEvents(svc, org.organizationId, chatId), [
      { type: 'chat.status_changed', data: { chat_id: chatId, from: 'pending', to: 'in_progress', reason: 'assigned' } },
      {
        type: 'chat.assigned',
        data: { chat_id: chatId, assignee_profile_id: bea.profileId, previous_assignee_profile_id: null, team_id: null },
      },
    ]);
    // The same assignee again: nothing changes, no event.
    assert.equal((await api.assignee(chatId, { profileId: bea.profileId })).status, 200);
    assert.equal((await chatEvents(svc, org.organizationId, chatId)).length, 2);

    // Reassigning keeps the status; the new assignee stops being a collaborator.
    assert.equal((await api.collaborator(chatId, org.profileId)).json.data.collaboratorProfileIds[0], org.profileId);
    const moved = await api.assignee(chatId, { profileId: org.profileId });
    assert.equal(moved.json.data.status, 'in_progress');
    assert.deepEqual(moved.json.data.collaboratorProfileIds, []);

    const unassigned = await api.assignee(chatId, { profileId: null });
    assert.equal(unassigned.status, 200);
    assert.equal(unassigned.json.data.status, 'pending');
    assert.equal(unassigned.json.data.assigneeProfileId, null);

    const closing = await chatIn(svc, org, 'await_closing');
    const row = await chatRow(svc, closing);
    const refused = await api.assignee(closing, { profileId: null });
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.json.error.code, 'INVALID_TRANSITION');
    assert.deepEqual(await chatRow(svc, closing), row);

    const closed = await chatIn(svc, org, 'closed');
    assert.equal((await api.assignee(closed, { profileId: bea.profileId })).status, 409);
    assert.equal((await api.collaborator(closed, bea.profileId)).status, 409);
  });

  it('team: set with the assignee, chat.assigned carries it; unknown team or non-member profile → 400', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization(QUIET);
    const other = await svc.seedOrganization({ name: 'Other' });
    const api = chatApi(svc, org, org.keyHeader);
    const team = await svc.admin('POST', `/organizations/${org.organizationId}/teams`, {
      name: 'Sales',
      memberProfileIds: [org.profileId],
    });
    const teamId = team.json().data.id;
    const chatId = await chatIn(svc, org, 'pending');
    const res = await api.assignee(chatId, { profileId: org.profileId, teamId });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.data.teamId, teamId);
    assert.equal((await chatEvents(svc, org.organizationId, chatId)).at(-1)?.data.team_id, teamId);
    const row = await chatRow(svc, chatId);
    for (const body of [
      { profileId: other.profileId },
      { profileId: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f' },
      { profileId: org.profileId, teamId: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f' },
    ]) {
      const bad = await api.assignee(chatId, body);
      assert.equal(bad.status, 400, bad.text);
      assert.equal(bad.json.error.code, 'VALIDATION_ERROR');
    }
    const collaborator = await api.collaborator(chatId, other.profileId);
    assert.equal(collaborator.status, 400);
    assert.deepEqual(await chatRow(svc, chatId), row);
  });

  it('concurrent changes of one chat both apply (a changed chat is read again, once)', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization(QUIET);
    const api = chatApi(svc, org, org.keyHeader);
    const members = [await addMember(svc, org.organizationId, 'A'), await addMember(svc, org.organizationId, 'B')];
    const chatId = await chatIn(svc, org, 'in_progress');
    const answers = await Promise.all(members.map((m) => api.collaborator(chatId, m.profileId)));
    for (const answer of answers) assert.equal(answer.status, 200, answer.text);
    assert.deepEqual((await api.get(chatId)).json.data.collaboratorProfileIds.sort(), members.map((m) => m.profileId).sort());
  });

  it('ChatLifecycle refuses a stale read with CHAT_CHANGED instead of overwriting', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization(QUIET);
    const chatId = await chatIn(svc, org, 'pending');
    const stale = await chatRow(svc, chatId);
    assert.equal((await chatApi(svc, org, org.keyHeader).status(chatId, 'in_progress')).status, 200);
    await assert.rejects(
      svc.db.transaction().execute((trx) =>
        svc.services.chatLifecycle.changeStatus(orgContext(svc.deps, trx, org.organizationId), stale, 'closed', {
          profileId: org.profileId,
          reason: 'test',
        }),
      ),
      (err: { code?: string }) => err.code === 'CHAT_CHANGED',
    );
    assert.equal((await chatRow(svc, chatId)).status, 'in_progress');
  });

  it('auto-assign: round-robin over the team members in profile-id order, the chat in_progress with the team', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization(QUIET);
    const members = [
      org.profileId,
      (await addMember(svc, org.organizationId, 'B')).profileId,
      (await addMember(svc, org.organizationId, 'C')).profileId,
    ];
    const team = await svc.admin('POST', `/organizations/${org.organizationId}/teams`, { name: 'Support', memberProfileIds: members });
    assert.equal(team.statusCode, 201, team.body);
    const teamId = team.json().data.id;
    const order = [...members].sort();
    const assignees: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const chatId = await chatIn(svc, org, 'pending');
      const chat = await svc.db.transaction().execute(async (trx) => {
        const ctx = orgContext(svc.deps, trx, org.organizationId);
        const row = await ctx.q.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirstOrThrow();
        return svc.services.chatLifecycle.autoAssign(ctx, row, teamId);
      });
      assert.equal(chat.status, 'in_progress');
      assert.equal(chat.team_id, teamId);
      assignees.push(chat.assignee_profile_id);
      assert.deepEqual(
        (await chatEvents(svc, org.organizationId, chatId)).map((e) => [e.type, e.data.reason ?? e.data.assignee_profile_id]),
        [
          ['chat.status_changed', 'auto_assigned'],
          ['chat.assigned', chat.assignee_profile_id],
        ],
      );
    }
    assert.deepEqual(assignees, [order[0], order[1], order[2], order[0]]);
  });
});
