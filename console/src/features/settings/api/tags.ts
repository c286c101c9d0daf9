/** The organization's tags: create, delete. The list itself is the directory's (features/directory). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrapData } from '../../../lib/api-client';
import { orgKey } from '../../../lib/query-client';
import { tagsKey } from '../../directory/api/get-directory';

export function useCreateTag(organizationId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ name, color }: { name: string; color: string }) =>
      unwrapData(client.POST('/api/{organizationId}/tags', { params: { path: { organizationId } }, body: { name, color } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: tagsKey(organizationId) }),
  });
}

export function useDeleteTag(organizationId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (tagId: string) =>
      unwrapData(client.DELETE('/api/{organizationId}/tags/{tagId}', { params: { path: { organizationId, tagId } } })),
    // Deleting a tag detaches it from every customer: their records change too.
    onSuccess: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: tagsKey(organizationId) }),
        queries.invalidateQueries({ queryKey: [...orgKey(organizationId), 'customers'] }),
      ]),
  });
}
