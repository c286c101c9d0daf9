/**
 * The inbox's reads: a page of chats for a filter (cursor pagination) and one chat's row. They feed
 * the live list store (chat-list-store.ts), not the query cache: the stream patches rows one by one.
 */
import { client, unwrap, unwrapData } from '../../../lib/api-client';
import type { ChatFilter, ChatRow, Page } from '../../../lib/types';

export type { ChatFilter };

export async function getChats(organizationId: string, filter: ChatFilter, cursor?: string | null, limit = 50): Promise<Page<ChatRow>> {
  const page = await unwrap(
    client.GET('/api/{organizationId}/chats', {
      params: { path: { organizationId }, query: { ...filter, ...(cursor ? { cursor } : {}), limit } },
    }),
  );
  return { data: page.data, nextCursor: page.nextCursor ?? null };
}

export const getChat = (organizationId: string, chatId: string): Promise<ChatRow> =>
  unwrapData(client.GET('/api/{organizationId}/chats/{chatId}', { params: { path: { organizationId, chatId } } }));
