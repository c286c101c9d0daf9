/** The audit log (`GET …/audit-log`, owners and admins): newest first, a page at a time by cursor. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../lib/api-client';
import { orgKey } from '../../../lib/query-client';
import type { ResponseData } from '../../../lib/types';

export type AuditEntry = ResponseData<'listAuditLog'>[number];

export interface AuditFilters {
  actor?: string;
  action?: string;
  resourceType?: string;
  /** ISO instants (the start of the first day, the end of the last). */
  from?: string;
  to?: string;
}

export const AUDIT_PAGE = 25;

export function useAuditLog(organizationId: string, filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [...orgKey(organizationId), 'audit-log', filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        client.GET('/api/{organizationId}/audit-log', {
          params: { path: { organizationId }, query: { ...filters, limit: AUDIT_PAGE, cursor: pageParam } },
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
