/**
 * The status tabs' counts (Pending: the queue, chats the customer wrote in) and the unread chats (`GET …/chats/counts`), read again shortly after a
 * live event names a chat (grouped: a burst of events is one read).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useOrgEvents } from '../../../app/org';
import { client, unwrapData } from '../../../lib/api-client';
import type { ChatFilter } from '../../../lib/types';

export type CountsFilter = Omit<ChatFilter, 'status'>;

const countsKey = (orgId: string) => ['chat-counts', orgId] as const;
/** Events in a burst wait this long together before one read. */
const SETTLE_MS = 300;

export function useChatCounts(orgId: string, filter: CountsFilter) {
  const queries = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const query = useQuery({
    queryKey: [...countsKey(orgId), filter],
    queryFn: async () => {
      const read = (query: CountsFilter) =>
        unwrapData(client.GET('/api/{organizationId}/chats/counts', { params: { path: { organizationId: orgId }, query } }));
      // The Pending tab lists only chats the customer wrote in (Inbox.tsx); the counts route filters
      // every status alike, so the Pending figure comes from a second read under that filter.
      const [all, queue] = await Promise.all([read(filter), read({ ...filter, customerWrote: true })]);
      return { ...all, byStatus: { ...all.byStatus, pending: queue.byStatus.pending } };
    },
  });
  useOrgEvents(
    useCallback(
      (event) => {
        if (!event.type.startsWith('chat.') && !event.type.startsWith('message.')) return;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void queries.invalidateQueries({ queryKey: countsKey(orgId) }), SETTLE_MS);
      },
      [queries, orgId],
    ),
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return query.data;
}
