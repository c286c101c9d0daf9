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

type Ids = { organizationId: string; customerId: string };

export const addCustomerTag = ({ organizationId, customerId }: Ids, tagId: string) =>
  unwrapData(
    client.POST('/api/{organizationId}/customers/{customerId}/tags', { params: { path: { organizationId, customerId } }, body: { tagId } }),
  );

export const removeCustomerTag = ({ organizationId, customerId }: Ids, tagId: string) =>
  unwrapData(
    client.DELETE('/api/{organizationId}/customers/{customerId}/tags/{tagId}', { params: { path: { organizationId, customerId, tagId } } }),
  );

export const moveStage = (organizationId: string, customerId: string, stageId: string | null) =>
  unwrapData(
    client.PUT('/api/{organizationId}/customers/{customerId}/stage', {
      params: { path: { organizationId, customerId } },
      body: { stageId },
    }),
  );

export const setCustomerField = ({ organizationId, customerId }: Ids, slug: string, value: unknown) =>
  unwrapData(
    client.POST('/api/{organizationId}/customers/{customerId}/field-values', {
      params: { path: { organizationId, customerId } },
      // A value's type is the field's (number, text, list…), checked by the service against its definition.
      body: { slug, value: value as never },
    }),
  );

export const setSalePrice = ({ organizationId, customerId }: Ids, salePrice: number | null) =>
  unwrapData(
    client.PUT('/api/{organizationId}/customers/{customerId}', { params: { path: { organizationId, customerId } }, body: { salePrice } }),
  );

export type CustomerChange = {
  name?: string;
  email?: string | null;
  contacts?: { type: string; value: string; label?: string | null }[];
};

/** Name, e-mail or contacts (CustomerDetails.tsx); contacts replace the stored list. */
export const updateCustomer = ({ organizationId, customerId }: Ids, change: CustomerChange) =>
  unwrapData(
    client.PUT('/api/{organizationId}/customers/{customerId}', {
      params: { path: { organizationId, customerId } },
      // The contact types are the service's to check (400 VALIDATION_ERROR naming the field).
      body: change as never,
    }),
  );

/** A write of the customer panel; each re-reads the customers (the record and the board). */
function useCustomerMutation<Input>(organizationId: string, customerId: string, write: (ids: Ids, input: Input) => Promise<unknown>) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => write({ organizationId, customerId }, input),
    onSettled: () => queries.invalidateQueries({ queryKey: customersKey(organizationId) }),
  });
}

export const useAddCustomerTag = (org: string, customerId: string) => useCustomerMutation(org, customerId, addCustomerTag);
export const useRemoveCustomerTag = (org: string, customerId: string) => useCustomerMutation(org, customerId, removeCustomerTag);
export const useSetCustomerStage = (org: string, customerId: string) =>
  useCustomerMutation(org, customerId, (ids, stageId: string | null) => moveStage(ids.organizationId, ids.customerId, stageId));
export const useSetCustomerField = (org: string, customerId: string) =>
  useCustomerMutation(org, customerId, (ids, { slug, value }: { slug: string; value: unknown }) => setCustomerField(ids, slug, value));
export const useSetSalePrice = (org: string, customerId: string) => useCustomerMutation(org, customerId, setSalePrice);
export const useUpdateCustomer = (org: string, customerId: string) => useCustomerMutation(org, customerId, updateCustomer);
