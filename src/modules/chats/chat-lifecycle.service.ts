/**
 * Changing a chat (DESIGN.md §6): its state through the lifecycle (chat-lifecycle.ts), its assignee,
 * its collaborators, attending (spec rule 6) and round-robin auto-assignment over a team. Each
 * change is one conditional UPDATE in the caller's transaction (the context), written with its
 * event (`chat.status_changed`, `chat.assigned`); a chat that moved meanwhile is not overwritten:
 * the UPDATE matches nothing and CHAT_CHANGED is thrown, which the caller answers by reading the
 * chat again and deciding once more (chats.service.ts retries once). A change that changes nothing
 * writes nothing and fires nothing.
 *
 * Invariants kept here: an `in_progress` or `await_closing` chat has an assignee (so unassigning
 * hands an `in_progress` chat back to `pending`, and an `await_closing` one cannot be unassigned);
 * a `pending` chat has none. Entering `await_closing` schedules the auto-close job, and any later
 * change to a waiting chat (an assignee, a collaborator) schedules it again from that moment,
 * because the job closes the chat only if it is unchanged since the job was scheduled. A
 * customer's message takes the chat back to `in_progress` (inbound-messages.ts), after which the
 * old job finds the chat changed and does nothing.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ChatsTable, DB } from '../../db/schema.js';
import { AppError, validationError } from '../../errors.js';
import type { AppJobQueue, AutoCloseJobPayload } from '../../jobs/job-payloads.js';
import type { ClaimedJob } from '../../jobs/types.js';
import type { Clock } from '../../lib/clock.js';
import type { EventLog } from '../../event-log/event-log.js';
import { fromJson, toJson } from '../../lib/json.js';
import { orgContext, type OrgContext, type ChatStatus } from '../shared/index.js';
import { canTransition, DEFAULT_AWAIT_CLOSING_MINUTES } from './chat-lifecycle.js';

export type ChatRow = Selectable<ChatsTable>;

export const AUTO_CLOSE_JOB = 'chats.auto_close';

/** Who asked for a change: a profile (an API key's, an agent's) or the system (timer, customer, flow). */
export interface ChangeActor {
  profileId: string | null;
  reason: string;
}

export async function loadChat(ctx: OrgContext, chatId: string): Promise<ChatRow> {
  const chat = await ctx.q.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirst();
  if (!chat) throw new AppError('CHAT_NOT_FOUND', 'Chat not found');
  return chat;
}

export function collaboratorsOf(chat: Pick<ChatRow, 'collaborator_profile_ids'>): string[] {
  return fromJson<string[]>(chat.collaborator_profile_ids, []);
}

export interface ChatLifecycleDeps {
  db: Kysely<DB>;
  queue: AppJobQueue;
  events: EventLog;
  clock: Clock;
}

/** Hears, in the closing transaction, that a chat was closed (the satisfaction question: csat/). */
export interface ChatClosedListener {
  chatClosed(ctx: OrgContext, chat: ChatRow): Promise<void>;
}

export class ChatLifecycle {
  private readonly closedListeners: ChatClosedListener[] = [];

  constructor(private readonly deps: ChatLifecycleDeps) {}

  /** Whoever acts when a chat closes, whatever closed it (an agent, the auto-close job). */
  listenForClose(listener: ChatClosedListener): void {
    this.closedListeners.push(listener);
  }

  /** The `chats.auto_close` job. */
  async runAutoCloseJob(job: ClaimedJob<AutoCloseJobPayload>): Promise<void> {
    await this.deps.db.transaction().execute((trx) => this.autoClose(orgContext(this.deps, trx, job.organizationId ?? ''), job.payload));
  }

  /**
   * Moves a chat to `to`, or refuses with 409 INVALID_TRANSITION. To `in_progress` without an
   * assignee makes the actor its assignee; back to `pending` hands it to the queue (no assignee).
   */
  async changeStatus(ctx: OrgContext, chat: ChatRow, to: ChatStatus, actor: ChangeActor): Promise<ChatRow> {
    const from = chat.status as ChatStatus;
    if (!canTransition(from, to)) {
      throw new AppError('INVALID_TRANSITION', `A ${from} chat cannot become ${to}`, [
        { field: 'status', message: `not allowed from ${from}` },
      ]);
    }
    let assignee = chat.assignee_profile_id;
    if (to === 'in_progress' && !assignee) assignee = actor.profileId;
    if (to === 'pending') assignee = null;
    if (to === 'in_progress' && !assignee) {
      // Only a system actor (no profile) gets here: an attended chat needs someone attending it.
      throw new AppError('INVALID_TRANSITION', 'A chat becomes in_progress only with an assignee', [
        { field: 'status', message: 'assign the chat to a profile first' },
      ]);
    }
    const updated = await this.update(ctx, chat, {
      status: to,
      assignee_profile_id: assignee,
      closed_at: to === 'closed' ? ctx.now : null,
    });
    await ctx.emit('chat.status_changed', { chat_id: chat.id, from, to, reason: actor.reason });
    if (assignee !== chat.assignee_profile_id) await this.emitAssigned(ctx, chat, updated);
    if (to === 'await_closing') await this.scheduleAutoClose(ctx, updated);
    if (to === 'closed') for (const listener of this.closedListeners) await listener.chatClosed(ctx, updated);
    return updated;
  }

  /**
   * Sets (or clears, with null) the assignee and, when given, the team. An unassigned pending chat
   * given an assignee is now in progress; an in-progress chat left without one goes back to
   * pending (both with `chat.status_changed`); a chat waiting to close keeps its assignee (409).
   * `chat.assigned` fires when the assignee or the team changed.
   */
  async assign(ctx: OrgContext, chat: ChatRow, profileId: string | null, teamId: string | null | undefined, actor: ChangeActor) {
    this.assertActive(chat);
    if (profileId) await assertMember(ctx, profileId, 'profileId');
    if (teamId) await assertTeam(ctx, teamId);
    const from = chat.status as ChatStatus;
    const to: ChatStatus =
      profileId && from === 'pending' ? 'in_progress' : profileId === null && from === 'in_progress' ? 'pending' : from;
    if (profileId === null && from === 'await_closing') {
      throw new AppError('INVALID_TRANSITION', 'A chat waiting to close keeps its assignee (move it back to in_progress first)', [
        { field: 'profileId', message: 'cannot be null while the chat is await_closing' },
      ]);
    }
    const team = teamId === undefined ? chat.team_id : teamId;
    if (profileId === chat.assignee_profile_id && team === chat.team_id && to === from) return chat;
    const updated = await this.update(ctx, chat, {
      assignee_profile_id: profileId,
      team_id: team,
      status: to,
      // The new assignee is no longer a collaborator of the chat.
      collaborator_profile_ids: toJson(collaboratorsOf(chat).filter((id) => id !== profileId)),
    });
    if (to !== from) await ctx.emit('chat.status_changed', { chat_id: chat.id, from, to, reason: actor.reason });
    if (updated.assignee_profile_id !== chat.assignee_profile_id || updated.team_id !== chat.team_id)
      await this.emitAssigned(ctx, chat, updated);
    if (to === 'await_closing') await this.scheduleAutoClose(ctx, updated);
    return updated;
  }

  async addCollaborator(ctx: OrgContext, chat: ChatRow, profileId: string): Promise<ChatRow> {
    this.assertActive(chat);
    await assertMember(ctx, profileId, 'profileId');
    const collaborators = collaboratorsOf(chat);
    if (chat.assignee_profile_id === profileId || collaborators.includes(profileId)) return chat;
    const updated = await this.update(ctx, chat, { collaborator_profile_ids: toJson([...collaborators, profileId]) });
    if (updated.status === 'await_closing') await this.scheduleAutoClose(ctx, updated);
    return updated;
  }

  /**
   * Spec rule 6, attending: the caller becomes the assignee of an unassigned chat (which moves to
   * `in_progress`); when someone else is assignee, the caller is added as a collaborator instead.
   */
  async attend(ctx: OrgContext, chat: ChatRow, profileId: string): Promise<ChatRow> {
    if (!chat.assignee_profile_id) {
      const assigned = await this.assign(ctx, chat, profileId, undefined, { profileId, reason: 'attended' });
      return assigned;
    }
    if (chat.assignee_profile_id === profileId) return chat;
    return this.addCollaborator(ctx, chat, profileId);
  }

  /**
   * Auto-assignment on create (channel `settings.autoAssign`): round-robin over the team's members
   * in profile-id order, after the member who got the team's last chat. The team's cursor moves
   * with a conditional update, so two concurrent creates do not both pick the same member.
   */
  async autoAssign(ctx: OrgContext, chat: ChatRow, teamId: string): Promise<ChatRow> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const team = await ctx.q.selectFrom('teams').select(['id', 'last_assigned_profile_id']).where('id', '=', teamId).executeTakeFirst();
      if (!team) return chat;
      const members = (
        await ctx.q.selectFrom('team_members').select('profile_id').where('team_id', '=', teamId).orderBy('profile_id').execute()
      ).map((m) => m.profile_id);
      if (members.length === 0) return chat;
      const next = members.find((id) => team.last_assigned_profile_id === null || id > team.last_assigned_profile_id) ?? members[0]!;
      const moved = await ctx.q
        .updateTable('teams')
        .set({ last_assigned_profile_id: next })
        .where('id', '=', teamId)
        .where((eb) =>
          team.last_assigned_profile_id === null
            ? eb('last_assigned_profile_id', 'is', null)
            : eb('last_assigned_profile_id', '=', team.last_assigned_profile_id),
        )
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) {
        return this.assign(ctx, chat, next, teamId, { profileId: null, reason: 'auto_assigned' });
      }
    }
    return chat;
  }

  /** The auto-close job: closes the chat if it is still waiting to close since that moment. */
  async autoClose(ctx: OrgContext, payload: AutoCloseJobPayload): Promise<void> {
    const chat = await ctx.q.selectFrom('chats').selectAll().where('id', '=', payload.chatId).executeTakeFirst();
    if (!chat || chat.status !== 'await_closing' || chat.updated_at !== payload.since) return;
    await this.changeStatus(ctx, chat, 'closed', { profileId: null, reason: 'auto_closed' });
  }

  /** A customer's message in a chat waiting to close brings it back to the agent. Answers the chat as it now is. */
  async customerWrote(ctx: OrgContext, chatId: string, at: string): Promise<ChatRow | undefined> {
    const chat = await ctx.q
      .updateTable('chats')
      // The report fact (docs/reports.md): the first customer message is kept, later ones only move the window.
      .set({ last_inbound_at: at, first_customer_message_at: sql<string>`coalesce(first_customer_message_at, ${at})` })
      .where('id', '=', chatId)
      .returningAll()
      .executeTakeFirst();
    if (chat?.status === 'await_closing') {
      const reopened = await this.changeStatus(ctx, chat, 'in_progress', { profileId: null, reason: 'customer_replied' });
      if (reopened.reopened_at !== null) return reopened;
      return ctx.q.updateTable('chats').set({ reopened_at: ctx.now }).where('id', '=', chatId).returningAll().executeTakeFirstOrThrow();
    }
    return chat;
  }

  private assertActive(chat: ChatRow): void {
    if (chat.status === 'closed') throw new AppError('INVALID_TRANSITION', 'A closed chat cannot change');
  }

  /**
   * One conditional UPDATE: applied only if the chat is still as it was read. Besides `updated_at`
   * (two changes within one millisecond share it) the fields a change decides on are compared too.
   */
  private async update(ctx: OrgContext, chat: ChatRow, set: Partial<Omit<ChatRow, 'id' | 'organization_id'>>): Promise<ChatRow> {
    const updated = await ctx.q
      .updateTable('chats')
      .set({ ...set, updated_at: ctx.now })
      .where('id', '=', chat.id)
      .where('status', '=', chat.status)
      .where('updated_at', '=', chat.updated_at)
      .where((eb) =>
        chat.assignee_profile_id === null
          ? eb('assignee_profile_id', 'is', null)
          : eb('assignee_profile_id', '=', chat.assignee_profile_id),
      )
      .where('collaborator_profile_ids', '=', chat.collaborator_profile_ids)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new AppError('CHAT_CHANGED', 'The chat changed meanwhile; read it again and retry');
    return updated;
  }

  private async emitAssigned(ctx: OrgContext, before: ChatRow, after: ChatRow): Promise<void> {
    await ctx.emit('chat.assigned', {
      chat_id: after.id,
      assignee_profile_id: after.assignee_profile_id,
      previous_assignee_profile_id: before.assignee_profile_id,
      team_id: after.team_id,
    });
  }

  private async scheduleAutoClose(ctx: OrgContext, chat: ChatRow): Promise<void> {
    const organization = await ctx.trx
      .selectFrom('organizations')
      .select('settings')
      .where('id', '=', ctx.organizationId)
      .executeTakeFirst();
    const minutes =
      fromJson<{ awaitClosingMinutes?: number }>(organization?.settings, {}).awaitClosingMinutes ?? DEFAULT_AWAIT_CLOSING_MINUTES;
    await this.deps.queue.enqueue(ctx.trx, {
      type: AUTO_CLOSE_JOB,
      organizationId: ctx.organizationId,
      payload: { chatId: chat.id, since: chat.updated_at },
      delayMs: Math.round(minutes * 60_000),
    });
  }
}

async function assertMember(ctx: OrgContext, profileId: string, field: string): Promise<void> {
  const member = await ctx.q.selectFrom('memberships').select('profile_id').where('profile_id', '=', profileId).executeTakeFirst();
  if (!member) throw validationError([{ field, message: 'is not a member of this organization' }]);
}

async function assertTeam(ctx: OrgContext, teamId: string): Promise<void> {
  const team = await ctx.q.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
  if (!team) throw validationError([{ field: 'teamId', message: 'is not a team of this organization' }]);
}
