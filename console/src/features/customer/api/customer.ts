/** The customer beside a chat: read, and the writes of its panel (tags, stage, custom fields). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, unwrapData } from '../../../lib/api-client';
import { orgKey } from '../../../lib/query-client';

/** Every customer read (a record, notes, the funnel's columns) is under this key. */
export const customersKey = (orgId: string) => [...orgKey(orgId), 'customers'] as const;
export const customerKey = (orgId: string, customerId: string) => [...customersKey(orgId), customerId] as const;

export function useCustomer(organizationId: string, customerId: string) {
  return useQuery({
    queryKey: customerKey(organizationId, customerId),
    queryFn: () =>
      unwrapData(client.GET('/api/{organizationId}/customers/{customerId}', { params: { path: { organizationId, customerId } } })),
  });
}

export type CustomerChange =
  | { kind: 'addTag'; tagId: string }
  | { kind: 'removeTag'; tagId: string }
  | { kind: 'stage'; stageId: string | null }
  | { kind: 'field'; slug: string; value: unknown };

function change(organizationId: string, customerId: string, c: CustomerChange): Promise<unknown> {
  const path = { organizationId, customerId };
  switch (c.kind) {
    case 'addTag':
      return unwrapData(client.POST('/api/{organizationId}/customers/{customerId}/tags', { params: { path }, body: { tagId: c.tagId } }));
    case 'removeTag':
      return unwrapData(
        client.DELETE('/api/{organizationId}/customers/{customerId}/tags/{tagId}', { params: { path: { ...path, tagId: c.tagId } } }),
      );
    case 'stage':
      return moveStage(organizationId, customerId, c.stageId);
    case 'field':
      return unwrapData(
        client.POST('/api/{organizationId}/customers/{customerId}/field-values', {
          params: { path },
          body: { slug: c.slug, value: c.value as never },
        }),
      );
  }
}

export const moveStage = (organizationId: string, customerId: string, stageId: string | null) =>
  unwrapData(
    client.PUT('/api/{organizationId}/customers/{customerId}/stage', {
      params: { path: { organizationId, customerId } },
      body: { stageId },
    }),
  );

/** One mutation for the panel's writes; each re-reads the customers (the record and the board). */
export function useChangeCustomer(organizationId: string, customerId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (c: CustomerChange) => change(organizationId, customerId, c),
    onSettled: () => queries.invalidateQueries({ queryKey: customersKey(organizationId) }),
  });
}
