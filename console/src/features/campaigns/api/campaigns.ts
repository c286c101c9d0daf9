/** The organization's campaigns (`/api/{organizationId}/campaigns`): list, create, estimate, CSV audience, start/pause/resume/cancel. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, unwrap, unwrapData } from '../../../lib/api-client';
import { orgKey } from '../../../lib/query-client';
import type { operations } from '../../../lib/api-schema';

export const campaignsKey = (orgId: string) => [...orgKey(orgId), 'campaigns'] as const;
export type CreateCampaignBody = operations['createCampaign']['requestBody']['content']['application/json'];
export type CampaignAction = 'start' | 'pause' | 'resume' | 'cancel';
const ACTIVE = new Set(['scheduled', 'running']);

/**
 * The list; polled every 2 s while a campaign is scheduled or running, or still has messages queued
 * (a campaign is `completed` once every recipient's message is created, before the last are sent).
 */
export function useCampaigns(organizationId: string) {
  return useQuery({
    queryKey: campaignsKey(organizationId),
    queryFn: () => unwrap(client.GET('/api/{organizationId}/campaigns', { params: { path: { organizationId } } })),
    refetchInterval: (query) =>
      query.state.data?.data.some((c) => ACTIVE.has(c.status) || (c.status === 'completed' && c.counts.queued > 0)) ? 2000 : false,
  });
}

export function useCampaignEstimate(organizationId: string, campaignId: string) {
  return useQuery({
    queryKey: [...campaignsKey(organizationId), campaignId, 'estimate'],
    queryFn: () =>
      unwrapData(client.GET('/api/{organizationId}/campaigns/{campaignId}/estimate', { params: { path: { organizationId, campaignId } } })),
  });
}

export function useTemplates(organizationId: string) {
  return useQuery({
    queryKey: [...orgKey(organizationId), 'templates'],
    queryFn: () => unwrapData(client.GET('/api/{organizationId}/templates', { params: { path: { organizationId } } })),
  });
}

export function useCreateCampaign(organizationId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCampaignBody) =>
      unwrapData(client.POST('/api/{organizationId}/campaigns', { params: { path: { organizationId } }, body })),
    onSuccess: () => queries.invalidateQueries({ queryKey: campaignsKey(organizationId) }),
  });
}

export function useCampaignAction(organizationId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, action }: { campaignId: string; action: CampaignAction }) => {
      const params = { params: { path: { organizationId, campaignId } } };
      return unwrapData(
        action === 'start'
          ? client.POST('/api/{organizationId}/campaigns/{campaignId}/start', { ...params, body: {} })
          : action === 'pause'
            ? client.POST('/api/{organizationId}/campaigns/{campaignId}/pause', params)
            : action === 'resume'
              ? client.POST('/api/{organizationId}/campaigns/{campaignId}/resume', params)
              : client.POST('/api/{organizationId}/campaigns/{campaignId}/cancel', params),
      );
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: campaignsKey(organizationId) }),
  });
}

/**
 * A CSV of customers added to a draft's audience (`POST …/campaigns/{campaignId}/audience`, multipart
 * part `file`); the campaign and its estimate are read again (they count the file's customers).
 */
export function useUploadAudience(organizationId: string, campaignId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      unwrapData(
        client.POST('/api/{organizationId}/campaigns/{campaignId}/audience', {
          params: { path: { organizationId, campaignId } },
          // The document types a binary part as a string; the body is sent as FormData (the browser
          // sets the multipart boundary), built from the File itself.
          body: { file: file as unknown as string },
          bodySerializer: () => {
            const form = new FormData();
            form.append('file', file, file.name);
            return form;
          },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: campaignsKey(organizationId) }),
  });
}
