/** The signed-in agent: loaded once from `GET /auth/session`, set by sign-in, cleared by sign-out or a 401. */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import * as sessionApi from '../features/auth/api/session';
import { setCsrfToken, setUnauthorizedHandler } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import type { Session } from '../lib/types';

interface SessionState {
  session: Session | null;
  loading: boolean;
  signIn(email: string, password: string): Promise<Session>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);

  const accept = useCallback((next: Session | null) => {
    setCsrfToken(next?.csrfToken ?? '');
    // Another agent's cache is never shown: signing out (or a new session) starts it empty.
    if (!next) queryClient.clear();
    setSession(next);
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(() => accept(null));
    sessionApi
      .getSession()
      .then(accept)
      .catch(() => accept(null))
      .finally(() => setLoading(false));
  }, [accept]);

  const value = useMemo<SessionState>(
    () => ({
      session,
      loading,
      async signIn(email, password) {
        const next = await sessionApi.signIn(email, password);
        accept(next);
        return next;
      },
      async signOut() {
        try {
          await sessionApi.signOut();
        } finally {
          accept(null);
        }
      },
    }),
    [session, loading, accept],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
