/** A chat's private notes (docs/composer.md): read for the timeline, written from the composer's note mode. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { client, unwrapData } from '../../../lib/api-client';
import { orgKey } from '../../../lib/query-client';
import type { ResponseData } from '../../../lib/types';

export type ChatNote = ResponseData<'listChatNotes'>[number];

const path = (organizationId: string, chatId: string) => ({ params: { path: { organizationId, chatId } } });
export const chatNotesKey = (organizationId: string, chatId: string) => [...orgKey(organizationId), 'chat-notes', chatId] as const;

export function useChatNotes(organizationId: string, chatId: string) {
  return useQuery({
    queryKey: chatNotesKey(organizationId, chatId),
    queryFn: () => unwrapData(client.GET('/api/{organizationId}/chats/{chatId}/notes', path(organizationId, chatId))),
  });
}

/** Read the notes again (a `chat.note_created` event, or a note just written). */
export function useRefreshChatNotes(organizationId: string, chatId: string) {
  const queries = useQueryClient();
  return useCallback(
    () => void queries.invalidateQueries({ queryKey: chatNotesKey(organizationId, chatId) }),
    [queries, organizationId, chatId],
  );
}

export const addChatNote = (organizationId: string, chatId: string, content: string) =>
  unwrapData(client.POST('/api/{organizationId}/chats/{chatId}/notes', { ...path(organizationId, chatId), body: { content } }));
