/**
 * The reports (`GET /api/{org}/reports/{kind}`, docs/reports.md): a query per kind and filters, and
 * the same report as CSV, fetched with the session and saved as a file.
 */
import { useQuery } from '@tanstack/react-query';
import { client, unwrap, unwrapData } from '../../../lib/api-client';
import { orgKey } from '../../../lib/query-client';
import type { ResponseData } from '../../../lib/types';

export const REPORT_KINDS = ['conversations', 'first-response', 'resolution', 'messages', 'agents', 'satisfaction', 'campaigns'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export type GroupBy = 'day' | 'agent' | 'team' | 'channel';
export type Report = ResponseData<'getReport'>;

export interface ReportFilters {
  /** Local dates `YYYY-MM-DD` of the organization: `[from, to)`. */
  from: string;
  to: string;
  groupBy: GroupBy;
  teamId?: string;
  channelId?: string;
}

function query(filters: ReportFilters) {
  return {
    from: filters.from,
    to: filters.to,
    groupBy: filters.groupBy,
    ...(filters.teamId ? { teamId: filters.teamId } : {}),
    ...(filters.channelId ? { channelId: filters.channelId } : {}),
  };
}

export function useReport(organizationId: string, kind: ReportKind, filters: ReportFilters) {
  return useQuery({
    queryKey: [...orgKey(organizationId), 'reports', kind, filters] as const,
    queryFn: () =>
      unwrapData(client.GET('/api/{organizationId}/reports/{kind}', { params: { path: { organizationId, kind }, query: query(filters) } })),
  });
}

/** Fetches the report as CSV (the session's cookie goes with it) and hands it to the browser as a download. */
export async function downloadReportCsv(organizationId: string, kind: ReportKind, filters: ReportFilters): Promise<string> {
  const blob = await unwrap(
    client.GET('/api/{organizationId}/reports/{kind}', {
      params: { path: { organizationId, kind }, query: { ...query(filters), format: 'csv' } },
      parseAs: 'blob',
    }),
  );
  const name = `${kind}-${filters.from}-${filters.to}.csv`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
