/** The organization's canned responses for a chat (`GET …/canned-responses?chatId=&q=`, docs/composer.md), each `rendered` for its customer. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client, unwrapData } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/types';

export type CannedResponse = ResponseData<'listCannedResponses'>[number];

/** `q` null: the list is closed and nothing is read. */
export function useCannedResponses(orgId: string, chatId: string, q: string | null) {
  return useQuery({
    queryKey: ['canned-responses', orgId, chatId, q],
    enabled: q !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      unwrapData(
        client.GET('/api/{organizationId}/canned-responses', {
          params: { path: { organizationId: orgId }, query: { chatId, ...(q ? { q } : {}) } },
        }),
      ),
  });
}
