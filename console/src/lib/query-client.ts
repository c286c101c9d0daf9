/**
 * The console's query cache (TanStack Query): every read that no live store keeps is a query keyed
 * by its organization, every write a mutation that invalidates the lists it changes. Live events
 * invalidate what they name (app/org.tsx). A refusal (4xx) is not retried: asking again changes nothing.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
    mutations: { retry: false },
  },
});

/** Every key of one organization starts with this, so signing out or switching drops them together. */
export const orgKey = (orgId: string) => ['org', orgId] as const;
