/**
 * The funnel board's columns: the customers of each stage (up to 200 a column), narrowed by the
 * board's filters (a tag, an agent: `tagId`, `assigneeProfileId` of the customer list); moving a
 * card; adding a customer to a stage.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, unwrap, unwrapData } from '../../../lib/api-client';
import type { Customer } from '../../../lib/types';
import { customersKey, moveStage } from '../../customer/api/customer';

/** The board's filters: empty means any. */
export interface BoardFilter {
  tagId: string;
  assigneeProfileId: string;
}

export const boardKey = (orgId: string, stageIds: string[], filter: BoardFilter) =>
  [...customersKey(orgId), 'board', stageIds, filter] as const;

export function useBoard(organizationId: string, stageIds: string[], filter: BoardFilter) {
  return useQuery({
    queryKey: boardKey(organizationId, stageIds, filter),
    queryFn: async (): Promise<Record<string, Customer[]>> => {
      const narrow = {
        ...(filter.tagId ? { tagId: filter.tagId } : {}),
        ...(filter.assigneeProfileId ? { assigneeProfileId: filter.assigneeProfileId } : {}),
      };
      const columns = await Promise.all(
        stageIds.map(async (stageId) => {
          const page = await unwrap(
            client.GET('/api/{organizationId}/customers', {
              params: { path: { organizationId }, query: { stageId, limit: 200, ...narrow } },
            }),
          );
          return [stageId, page.data] as const;
        }),
      );
      return Object.fromEntries(columns);
    },
  });
}

/** The customer's newest chat (any state; chat ids grow with time), or null when there is none. */
export async function latestChatOf(organizationId: string, customerId: string) {
  const page = await unwrap(
    client.GET('/api/{organizationId}/chats', { params: { path: { organizationId }, query: { customerId, limit: 1 } } }),
  );
  return page.data[0] ?? null;
}

/** Moves a card at once (optimistic), then writes it; a refusal reads the board again. */
export function useMoveCard(organizationId: string, stageIds: string[], filter: BoardFilter) {
  const queries = useQueryClient();
  const key = boardKey(organizationId, stageIds, filter);
  return useMutation({
    mutationFn: ({ customer, stageId }: { customer: Customer; stageId: string }) => moveStage(organizationId, customer.id, stageId),
    onMutate: ({ customer, stageId }) => {
      queries.setQueryData<Record<string, Customer[]>>(key, (all) => {
        if (!all) return all;
        const next: Record<string, Customer[]> = {};
        for (const [id, list] of Object.entries(all)) next[id] = list.filter((c) => c.id !== customer.id);
        next[stageId] = [{ ...customer, stageId }, ...(next[stageId] ?? [])];
        return next;
      });
    },
    onError: () => queries.invalidateQueries({ queryKey: key }),
  });
}

export interface NewCustomer {
  name: string;
  whatsapp: string;
  email: string;
  stageId: string;
}

/**
 * Creates a customer in a stage (`POST …/customers`): a WhatsApp number, an e-mail or both (the
 * service wants one of them and answers its own 400 otherwise); then every customer read again.
 */
export function useAddCustomer(organizationId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ name, whatsapp, email, stageId }: NewCustomer) => {
      const [phone, address] = [whatsapp.trim(), email.trim()];
      const base = { name: name.trim(), stageId, ...(address ? { email: address } : {}) };
      // The body's type is "with a contact" or "with an e-mail"; an empty address is left to the service's 400.
      const body = phone ? { ...base, contacts: [{ type: 'whatsapp' as const, value: phone }] } : { ...base, email: address };
      return unwrapData(client.POST('/api/{organizationId}/customers', { params: { path: { organizationId } }, body }));
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: customersKey(organizationId) }),
  });
}
