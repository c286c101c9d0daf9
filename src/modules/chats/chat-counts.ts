/**
 * `GET /api/{organizationId}/chats/counts`: how many chats each status tab holds under the list's
 * filters (all but status), and how many chats have messages no agent has opened (the console's
 * tab names, `Pending 3`, and its title, `(3) Conversa`; DESIGN §11). One grouped query, the
 * viewer's visible chats only, read again by the console when a live event names a chat.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Executor } from '../../db/executor.js';
import { Envelope } from '../../http/schemas.js';
import { chatFilter, UNREAD_STATUS } from './chat-queries.js';
import { CHAT_STATUSES, type ChatStatus } from '../shared/index.js';
import type { ChatViewer } from './chat-visibility.js';
import { ChatListQuery } from './chats.schemas.js';

export const ChatCountsQuery = Type.Omit(ChatListQuery, ['status', 'limit', 'cursor']);
export type ChatCountsInput = Static<typeof ChatCountsQuery>;

const Count = Type.Integer({ minimum: 0 });
export const ChatCounts = Envelope(
  Type.Object({
    byStatus: Type.Object(Object.fromEntries(CHAT_STATUSES.map((s) => [s, Count])) as Record<ChatStatus, typeof Count>),
    unreadChats: Type.Integer({ minimum: 0, description: 'Chats (any status) with inbound messages no agent has opened' }),
  }),
);

export async function countChats(db: Executor, organizationId: string, query: ChatCountsInput, viewer: ChatViewer) {
  const rows = await db
    .selectFrom('chats as c')
    .where('c.organization_id', '=', organizationId)
    .where(chatFilter(organizationId, query, viewer))
    .select((eb) => [
      'c.status',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom('messages as um')
                  .select('um.id')
                  .whereRef('um.organization_id', '=', 'c.organization_id')
                  .whereRef('um.chat_id', '=', 'c.id')
                  .where('um.direction', '=', 'inbound')
                  .where('um.status', '=', UNREAD_STATUS),
              ),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('unread'),
    ])
    .groupBy('c.status')
    .execute();
  const byStatus = Object.fromEntries(CHAT_STATUSES.map((s) => [s, 0])) as Record<ChatStatus, number>;
  let unreadChats = 0;
  for (const row of rows) {
    if (row.status in byStatus) byStatus[row.status as ChatStatus] = Number(row.n);
    unreadChats += Number(row.unread ?? 0);
  }
  return { byStatus, unreadChats };
}
