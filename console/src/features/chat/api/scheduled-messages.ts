/** A chat's scheduled messages (DESIGN §10): the ones still waiting, scheduling one, cancelling one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, unwrap, unwrapData } from '../../../lib/api-client';
import { orgKey } from '../../../lib/query-client';

type Path = { organizationId: string; chatId: string };
const at = (organizationId: string, chatId: string): { params: { path: Path } } => ({ params: { path: { organizationId, chatId } } });

export const scheduledKey = (organizationId: string, chatId: string) => [...orgKey(organizationId), 'scheduled-messages', chatId] as const;

/** The chat's messages still waiting to go, in the order they go. */
export const getScheduledMessages = (organizationId: string, chatId: string) =>
  unwrap(
    client.GET('/api/{organizationId}/chats/{chatId}/scheduled-messages', {
      params: { path: { organizationId, chatId }, query: { status: 'scheduled', limit: 200 } },
    }),
  ).then((page) => page.data);

export const scheduledMessagesOptions = (organizationId: string, chatId: string) => ({
  queryKey: scheduledKey(organizationId, chatId),
  queryFn: () => getScheduledMessages(organizationId, chatId),
});

export function useScheduledMessages(organizationId: string, chatId: string) {
  return useQuery(scheduledMessagesOptions(organizationId, chatId));
}

export const scheduleText = (
  organizationId: string,
  chatId: string,
  body: { text: string; sendAt: string; cancelIfCustomerReplies: boolean },
) =>
  unwrapData(
    client.POST('/api/{organizationId}/chats/{chatId}/scheduled-messages', {
      ...at(organizationId, chatId),
      body: {
        sendAt: body.sendAt,
        type: 'text',
        content: { text: body.text },
        cancelIfCustomerReplies: body.cancelIfCustomerReplies,
      },
    }),
  );

export const cancelScheduled = (organizationId: string, chatId: string, scheduledMessageId: string) =>
  unwrapData(
    client.DELETE('/api/{organizationId}/chats/{chatId}/scheduled-messages/{scheduledMessageId}', {
      params: { path: { organizationId, chatId, scheduledMessageId } },
    }),
  );

export function useScheduleText(organizationId: string, chatId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; sendAt: string; cancelIfCustomerReplies: boolean }) => scheduleText(organizationId, chatId, body),
    onSuccess: () => queries.invalidateQueries({ queryKey: scheduledKey(organizationId, chatId) }),
  });
}

export function useCancelScheduled(organizationId: string, chatId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (scheduledMessageId: string) => cancelScheduled(organizationId, chatId, scheduledMessageId),
    onSuccess: () => queries.invalidateQueries({ queryKey: scheduledKey(organizationId, chatId) }),
  });
}
