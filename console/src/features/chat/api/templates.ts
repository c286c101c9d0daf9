/** WhatsApp templates: the approved ones of a channel, and sending one to a chat. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { client, unwrap, unwrapData } from '../../../lib/api-client';
import { orgKey } from '../../../lib/query-client';

export function useTemplates(organizationId: string, channelId: string) {
  return useQuery({
    queryKey: [...orgKey(organizationId), 'templates', channelId],
    enabled: channelId !== '',
    queryFn: () =>
      unwrapData(
        client.GET('/api/{organizationId}/templates', { params: { path: { organizationId }, query: { channelId, status: 'approved' } } }),
      ),
  });
}

export function useSendTemplate(organizationId: string, chatId: string) {
  return useMutation({
    mutationFn: ({ templateId, variables }: { templateId: string; variables: string[] }) =>
      unwrap(
        client.POST('/api/{organizationId}/chat/{chatId}/send-template', {
          params: { path: { organizationId, chatId } },
          body: { templateId, variables },
        }),
      ),
  });
}
