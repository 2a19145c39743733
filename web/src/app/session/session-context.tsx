import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { blankSession, storedSessionSchema, type StoredSession } from '@core/schemas/session';
import { readStored, STORAGE_KEYS, writeStored } from '../storage';

interface SessionValue {
  session: StoredSession;
  signedIn: boolean;
  setSession(next: StoredSession): void;
  clearSession(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

/** The stored user session of spec 000 §3; log-out replaces it with a blank record. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setState] = useState<StoredSession>(() =>
    readStored(STORAGE_KEYS.session, storedSessionSchema, blankSession()),
  );
  const setSession = useCallback((next: StoredSession) => {
    writeStored(STORAGE_KEYS.session, next);
    setState(next);
  }, []);
  const clearSession = useCallback(() => setSession(blankSession()), [setSession]);
  const value = useMemo(
    () => ({ session, signedIn: Boolean(session.token), setSession, clearSession }),
    [session, setSession, clearSession],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
