/** The signed-in profile's own API keys (`/auth/api-keys`): list, create (shown once), revoke. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, unwrapData } from '../../../lib/api-client';

const KEY = ['my-api-keys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: KEY, queryFn: () => unwrapData(client.GET('/auth/api-keys')) });
}

export function useCreateApiKey() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => unwrapData(client.POST('/auth/api-keys', { body: { name } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRevokeApiKey() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => unwrapData(client.DELETE('/auth/api-keys/{keyId}', { params: { path: { keyId } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: KEY }),
  });
}
