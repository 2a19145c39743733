import { SESSION_ROTATION_WAIT_MS } from '@core/limits';
import type { StoredSession } from '@core/schemas/session';
import { journeyStore, STORAGE_KEYS } from '../storage';

/**
 * A refresh ends the token it replaces a minute later (the server's rotation grace), so a
 * tab that presents a token another tab rotated longer ago is refused. The other tab
 * stored the successor, which this one then takes up, stored already or arriving within a
 * moment, instead of signing out.
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
