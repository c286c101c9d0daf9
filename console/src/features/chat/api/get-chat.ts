/** The open chat's row, a query: events about the chat invalidate it, actions write their answer into it. */
import { useQuery } from '@tanstack/react-query';
import { orgKey } from '../../../lib/query-client';
import { getChat } from '../../inbox/api/get-chats';

export const chatKey = (orgId: string, chatId: string) => [...orgKey(orgId), 'chat', chatId] as const;

export function useChat(orgId: string, chatId: string) {
  return useQuery({ queryKey: chatKey(orgId, chatId), queryFn: () => getChat(orgId, chatId), staleTime: 0 });
}
