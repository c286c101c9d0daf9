/**
 * Everything a page of one organization shares: its API, the agent's role, the reference data the
 * pickers use (channels, teams, members, stages, fields, tags) and the live event stream, opened
 * once per organization and fanned out to whichever page listens.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { orgApi, type OrgApi } from '../lib/api';
import { openEventStream, type StreamEvent, type StreamState } from '../lib/event-stream';
import type { Channel, FieldDefinition, Member, Stage, Tag, Team } from '../lib/types';

export interface Directory {
  channels: Channel[];
  teams: Team[];
  members: Member[];
  stages: Stage[];
  fields: FieldDefinition[];
  tags: Tag[];
}

const EMPTY: Directory = { channels: [], teams: [], members: [], stages: [], fields: [], tags: [] };

interface OrgState {
  orgId: string;
  role: string;
  isAdmin: boolean;
  profileId: string;
  api: OrgApi;
  directory: Directory;
  reloadDirectory(): void;
  streamState: StreamState;
  subscribe(listener: (event: StreamEvent) => void): () => void;
}

const OrgContext = createContext<OrgState | null>(null);

export function OrgProvider({ orgId, role, profileId, children }: { orgId: string; role: string; profileId: string; children: ReactNode }) {
  const api = useMemo(() => orgApi(orgId), [orgId]);
  const [directory, setDirectory] = useState<Directory>(EMPTY);
  const [streamState, setStreamState] = useState<StreamState>('connecting');
  const listeners = useRef(new Set<(event: StreamEvent) => void>());

  const reloadDirectory = useCallback(() => {
    const safe = <T,>(p: Promise<T[]>) => p.catch(() => [] as T[]);
    void Promise.all([
      safe(api.channels()),
      safe(api.teams()),
      safe(api.members()),
      safe(api.stages()),
      safe(api.fields()),
      safe(api.tags()),
    ]).then(([channels, teams, members, stages, fields, tags]) => setDirectory({ channels, teams, members, stages, fields, tags }));
  }, [api]);

  useEffect(() => {
    reloadDirectory();
    return openEventStream({
      url: `/api/${orgId}/events/stream`,
      onEvent: (event) => listeners.current.forEach((listener) => listener(event)),
      onState: setStreamState,
    });
  }, [orgId, reloadDirectory]);

  const subscribe = useCallback((listener: (event: StreamEvent) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const value = useMemo<OrgState>(
    () => ({
      orgId,
      role,
      isAdmin: role === 'owner' || role === 'admin',
      profileId,
      api,
      directory,
      reloadDirectory,
      streamState,
      subscribe,
    }),
    [orgId, role, profileId, api, directory, reloadDirectory, streamState, subscribe],
  );
  return <OrgContext.Provider value={value}>{children}</OrgContext.Provider>;
}

export function useOrg(): OrgState {
  const state = useContext(OrgContext);
  if (!state) throw new Error('useOrg outside OrgProvider');
  return state;
}

/** Calls `handler` for every live event of the organization while the component is mounted. */
export function useOrgEvents(handler: (event: StreamEvent) => void): void {
  const { subscribe } = useOrg();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribe((event) => latest.current(event)), [subscribe]);
}

export function memberName(directory: Directory, profileId: string | null | undefined): string {
  if (!profileId) return 'Unassigned';
  return directory.members.find((m) => m.profileId === profileId)?.name ?? 'Someone';
}
