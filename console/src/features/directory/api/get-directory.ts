/** The organization's reference data for the pickers: channels, teams, members, stages, custom fields, tags. */
import { useQueries } from '@tanstack/react-query';
import { client, unwrapData } from '../../../lib/api-client';
import { orgKey } from '../../../lib/query-client';
import type { Channel, FieldDefinition, Member, Stage, Tag, Team } from '../../../lib/types';

export interface Directory {
  channels: Channel[];
  teams: Team[];
  members: Member[];
  stages: Stage[];
  fields: FieldDefinition[];
  tags: Tag[];
}

const path = (organizationId: string) => ({ params: { path: { organizationId } } });

export const directoryQueries = (orgId: string) =>
  [
    { queryKey: [...orgKey(orgId), 'channels'], queryFn: () => unwrapData(client.GET('/api/{organizationId}/channels', path(orgId))) },
    { queryKey: [...orgKey(orgId), 'teams'], queryFn: () => unwrapData(client.GET('/api/{organizationId}/teams', path(orgId))) },
    { queryKey: [...orgKey(orgId), 'members'], queryFn: () => unwrapData(client.GET('/api/{organizationId}/members', path(orgId))) },
    { queryKey: [...orgKey(orgId), 'stages'], queryFn: () => unwrapData(client.GET('/api/{organizationId}/stages', path(orgId))) },
    { queryKey: [...orgKey(orgId), 'fields'], queryFn: () => unwrapData(client.GET('/api/{organizationId}/custom-fields', path(orgId))) },
    { queryKey: tagsKey(orgId), queryFn: () => unwrapData(client.GET('/api/{organizationId}/tags', path(orgId))) },
  ] as const;

export const tagsKey = (orgId: string) => [...orgKey(orgId), 'tags'] as const;

/** The six lists, each empty until read (a failed read shows its error where the page says so). */
export function useDirectory(orgId: string): { directory: Directory; error: Error | null } {
  return useQueries({
    queries: directoryQueries(orgId),
    combine: (results) => {
      const [channels, teams, members, stages, fields, tags] = results;
      return {
        directory: {
          channels: channels.data ?? [],
          teams: teams.data ?? [],
          members: members.data ?? [],
          stages: stages.data ?? [],
          fields: fields.data ?? [],
          tags: tags.data ?? [],
        },
        error: results.find((r) => r.error)?.error ?? null,
      };
    },
  });
}
