/** The funnel board's columns: the customers of each stage (up to 200 a column), and moving one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../../lib/api-client';
import type { Customer } from '../../../lib/types';
import { customersKey, moveStage } from '../../customer/api/customer';

export const boardKey = (orgId: string, stageIds: string[]) => [...customersKey(orgId), 'board', stageIds] as const;

export function useBoard(organizationId: string, stageIds: string[]) {
  return useQuery({
    queryKey: boardKey(organizationId, stageIds),
    queryFn: async (): Promise<Record<string, Customer[]>> => {
      const columns = await Promise.all(
        stageIds.map(async (stageId) => {
          const page = await unwrap(
            client.GET('/api/{organizationId}/customers', { params: { path: { organizationId }, query: { stageId, limit: 200 } } }),
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
export function useMoveCard(organizationId: string, stageIds: string[]) {
  const queries = useQueryClient();
  const key = boardKey(organizationId, stageIds);
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
