import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { blankSession, type StoredSession } from '@core/schemas/session';
import { journeyStore, STORAGE_KEYS } from '../storage';

interface SessionValue {
  session: StoredSession;
  signedIn: boolean;
  /**
   * The stored token has been refreshed at page load (or there is none): calls made with it
   * now will not race the refresh, which replaces it.
   */
  ready: boolean;
  markReady(): void;
  setSession(next: StoredSession): void;
  clearSession(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

/**
 * The stored user session; log-out replaces it with a blank record and resets
 * the flags, in every open tab (they follow the storage event).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setState] = useState<StoredSession>(journeyStore.session);
  const [refreshed, setRefreshed] = useState(false);
  const setSession = useCallback((next: StoredSession) => {
    journeyStore.setSession(next);
    setState(next);
  }, []);
  // Log-out and a rejected token both reset the stored flags.
  const clearSession = useCallback(() => {
    journeyStore.resetFlags();
    setSession(blankSession());
  }, [setSession]);
  const markReady = useCallback(() => setRefreshed(true), []);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.session) setState(journeyStore.session());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo(
    () => ({
      session,
      signedIn: Boolean(session.token),
      ready: refreshed || !session.token,
      markReady,
      setSession,
      clearSession,
    }),
    [session, refreshed, markReady, setSession, clearSession],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
