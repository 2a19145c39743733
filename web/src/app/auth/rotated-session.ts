import { SESSION_ROTATION_WAIT_MS } from '@core/limits';
import type { StoredSession } from '@core/schemas/session';
import { journeyStore, STORAGE_KEYS } from '../storage';

/**
 * Tabs opened together refresh the same token, and a refresh revokes the token it
 * replaces: all but the first are refused. The first stores its successor, which the
 * others then take up, stored already or arriving within a moment, instead of signing out.
 */
export function rotatedSession(refused: string): Promise<StoredSession | null> {
  const successor = () => {
    const stored = journeyStore.session();
    return stored.token && stored.token !== refused ? stored : null;
  };
  const now = successor();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const finish = (session: StoredSession | null) => {
      window.removeEventListener('storage', onStorage);
      window.clearTimeout(timer);
      resolve(session);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.session) return;
      const next = successor();
      if (next) finish(next);
    };
    const timer = window.setTimeout(() => finish(null), SESSION_ROTATION_WAIT_MS);
    window.addEventListener('storage', onStorage);
  });
}
