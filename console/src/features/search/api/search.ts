/** The organization's search (`GET …/search?q=`, docs/search.md): customers, chats and messages at once. */
import { useQuery } from '@tanstack/react-query';
import { client, unwrapData } from '../../../lib/api-client';
import type { ResponseData } from '../../../lib/types';

export type SearchResult = ResponseData<'search'>;

export function useSearch(orgId: string, q: string) {
  return useQuery({
    queryKey: ['search', orgId, q],
    enabled: q.trim().length > 0,
    queryFn: () =>
      unwrapData(client.GET('/api/{organizationId}/search', { params: { path: { organizationId: orgId }, query: { q, limit: 10 } } })),
  });
}
