/**
 * Which chats an agent sees (DESIGN §12): every chat while the organization's
 * `settings.agentsSeeAllChats` is true (the default); when false, an agent sees the chats of its
 * teams and those assigned to it, and a chat it cannot see is "not found" (404 CHAT_NOT_FOUND, so
 * its existence does not leak). Supervisors, admins and owners see every chat (`chats.seeAll`).
 * Applied to the chat API's list and reads (and its writes by chat id); the spec's endpoints ask
 * membership only and are not narrowed (docs/roles.md).
 */
import type { ExpressionBuilder } from 'kysely';
import { allows } from '../../access/permissions.js';
import type { Executor } from '../../db/executor.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { fromJson } from '../../lib/json.js';

/** A viewer restricted to some chats (its profile id), or undefined: every chat. */
export type ChatViewer = { profileId: string } | undefined;

export async function chatViewerOf(
  db: Executor,
  organizationId: string,
  principal: { profileId: string; role?: string },
): Promise<ChatViewer> {
  if (allows(principal.role, 'chats.seeAll')) return undefined;
  const org = await db.selectFrom('organizations').select('settings').where('id', '=', organizationId).executeTakeFirst();
  const settings = fromJson<{ agentsSeeAllChats?: boolean }>(org?.settings ?? null, {});
  return settings.agentsSeeAllChats === false ? { profileId: principal.profileId } : undefined;
}

/** The condition "the viewer may see chat `c`": assigned to it, or of one of its teams. */
export function visibleTo(viewer: { profileId: string }, organizationId: string) {
  return (eb: ExpressionBuilder<DB & { c: DB['chats'] }, 'c'>) =>
    eb.or([
      eb('c.assignee_profile_id', '=', viewer.profileId),
      eb(
        'c.team_id',
        'in',
        eb
          .selectFrom('team_members')
          .select('team_members.team_id')
          .where('team_members.organization_id', '=', organizationId)
          .where('team_members.profile_id', '=', viewer.profileId),
      ),
    ]);
}

/** 404 CHAT_NOT_FOUND unless the viewer may see the chat (an unknown chat is 404 as well, later). */
export async function assertChatVisible(db: Executor, organizationId: string, chatId: string, viewer: ChatViewer): Promise<void> {
  if (!viewer) return;
  const row = await db
    .selectFrom('chats as c')
    .select('c.id')
    .where('c.organization_id', '=', organizationId)
    .where('c.id', '=', chatId)
    .where(visibleTo(viewer, organizationId))
    .executeTakeFirst();
  if (!row) throw new AppError('CHAT_NOT_FOUND', 'Chat not found');
}
