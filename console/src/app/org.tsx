/**
 * Everything a page of one organization shares: the agent's role, the reference data the pickers
 * use (channels, teams, members, stages, fields, tags: queries of features/directory) and the live
 * event stream, opened once per organization and fanned out to whichever page listens. Events about
 * customers invalidate the customers' queries here, once, for every page that shows them.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDirectory, type Directory } from '../features/directory/api/get-directory';
import { customersKey } from '../features/customer/api/customer';
import { orgKey } from '../lib/query-client';
import { openEventStream, type StreamEvent, type StreamState } from '../lib/event-stream';
import { ErrorAlert } from '../lib/format';
import { i18n } from '../i18n';
import { useTranslation } from 'react-i18next';

export type { Directory };

interface OrgState {
  orgId: string;
  role: string;
  /** What the role may do here (GET /auth/session, docs/roles.md): the console offers only that. */
  permissions: readonly string[];
  can(permission: Permission): boolean;
  /** Manages the organization's settings (`settings.manage`: admins and owners). */
  isAdmin: boolean;
  profileId: string;
  /** ISO 4217 code of the organization's sale values (settings.currency, BRL unless set). */
  currency: string;
  directory: Directory;
  streamState: StreamState;
  subscribe(listener: (event: StreamEvent) => void): () => void;
}

const OrgContext = createContext<OrgState | null>(null);

/** The permissions the console checks before offering something (names as in src/access/permissions.ts). */
export type Permission =
  'reports.read' | 'chats.reassign' | 'settings.manage' | 'webhooks.manage' | 'keys.manage' | 'auditLog.read' | 'campaigns.manage';

export function OrgProvider({
  orgId,
  role,
  permissions,
  profileId,
  currency,
  children,
}: {
  orgId: string;
  role: string;
  permissions: readonly string[];
  profileId: string;
  currency: string;
  children: ReactNode;
}) {
  const { directory, error } = useDirectory(orgId);
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [streamState, setStreamState] = useState<StreamState>('connecting');
  const listeners = useRef(new Set<(event: StreamEvent) => void>());

  useEffect(
    () =>
      openEventStream({
        url: `/api/${orgId}/events/stream`,
        onEvent: (event) => {
          if (event.type.startsWith('customer.')) void queries.invalidateQueries({ queryKey: customersKey(orgId) });
          // The open chat's header names its customer: a rename (here or by another agent) shows there too.
          if (event.type === 'customer.updated') void queries.invalidateQueries({ queryKey: [...orgKey(orgId), 'chat'] });
          listeners.current.forEach((listener) => listener(event));
        },
        onState: setStreamState,
      }),
    [orgId, queries],
  );

  const subscribe = useCallback((listener: (event: StreamEvent) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const value = useMemo<OrgState>(
    () => ({
      orgId,
      role,
      permissions,
      can: (permission: Permission) => permissions.includes(permission),
      isAdmin: permissions.includes('settings.manage'),
      profileId,
      currency,
      directory,
      streamState,
      subscribe,
    }),
    [orgId, role, permissions, profileId, currency, directory, streamState, subscribe],
  );
  return (
    <OrgContext.Provider value={value}>
      {error ? <ErrorAlert message={t('app.orgListsError', { reason: error.message })} /> : null}
      {children}
    </OrgContext.Provider>
  );
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
  if (!profileId) return i18n.t('common.unassigned');
  return directory.members.find((m) => m.profileId === profileId)?.name ?? i18n.t('common.someone');
}
