/** Webhook endpoints and their delivery log: list, create (the secret shown once), delete, replay. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, unwrap, unwrapData } from '../../../lib/api-client';
import { orgKey } from '../../../lib/query-client';

const webhooksKey = (orgId: string) => [...orgKey(orgId), 'webhooks'] as const;
const deliveriesKey = (orgId: string, id: string) => [...webhooksKey(orgId), id, 'deliveries'] as const;

export function useWebhooks(organizationId: string) {
  return useQuery({
    queryKey: webhooksKey(organizationId),
    queryFn: () => unwrapData(client.GET('/api/{organizationId}/webhooks', { params: { path: { organizationId } } })),
  });
}

export function useCreateWebhook(organizationId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (url: string) =>
      unwrapData(client.POST('/api/{organizationId}/webhooks', { params: { path: { organizationId } }, body: { url } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: webhooksKey(organizationId) }),
  });
}

export function useDeleteWebhook(organizationId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrapData(client.DELETE('/api/{organizationId}/webhooks/{id}', { params: { path: { organizationId, id } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: webhooksKey(organizationId) }),
  });
}

export function useDeliveries(organizationId: string, id: string) {
  return useQuery({
    queryKey: deliveriesKey(organizationId, id),
    queryFn: async () =>
      (
        await unwrap(
          client.GET('/api/{organizationId}/webhooks/{id}/deliveries', { params: { path: { organizationId, id }, query: { limit: 20 } } }),
        )
      ).data,
  });
}

export function useReplayDelivery(organizationId: string, id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      unwrapData(
        client.POST('/api/{organizationId}/webhooks/{id}/deliveries/{deliveryId}/retry', {
          params: { path: { organizationId, id, deliveryId } },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: deliveriesKey(organizationId, id) }),
  });
}
