/** What an agent does to a chat: status, assignee and team, collaborators, marking it read. */
import { client, unwrapData } from '../../../lib/api-client';
import type { ChatStatus } from '../../../lib/types';

type Path = { organizationId: string; chatId: string };
const at = (organizationId: string, chatId: string): { params: { path: Path } } => ({ params: { path: { organizationId, chatId } } });

export const setChatStatus = (org: string, chatId: string, status: ChatStatus) =>
  unwrapData(client.PUT('/api/{organizationId}/chats/{chatId}/status', { ...at(org, chatId), body: { status } }));

export const setChatAssignee = (org: string, chatId: string, profileId: string | null, teamId?: string | null) =>
  unwrapData(
    client.PUT('/api/{organizationId}/chats/{chatId}/assignee', {
      ...at(org, chatId),
      body: teamId === undefined ? { profileId } : { profileId, teamId },
    }),
  );

export const addChatCollaborator = (org: string, chatId: string, profileId: string) =>
  unwrapData(client.POST('/api/{organizationId}/chats/{chatId}/collaborators', { ...at(org, chatId), body: { profileId } }));

export const markChatRead = (org: string, chatId: string) =>
  unwrapData(client.POST('/api/{organizationId}/chats/{chatId}/read', at(org, chatId)));
