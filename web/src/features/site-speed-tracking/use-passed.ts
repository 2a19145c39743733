import { useEffect, useState } from 'react';

/** The longest wait setTimeout keeps (about 24.8 days); a longer one is waited in steps. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Whether the moment `iso` has passed, turning true the moment it does: a time shown as
 * ahead (a next check) is never left on screen once it is behind.
 */
export function usePassed(iso: string | null): boolean {
  const at = iso === null ? null : Date.parse(iso);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null || at <= now) return;
    // A moment that had passed before it arrived waits 0 ms: `now` is only as new as the last tick.
    const wait = Math.min(Math.max(at - Date.now(), 0), MAX_TIMEOUT_MS);
    const timer = window.setTimeout(() => setNow(Date.now()), wait);
    return () => window.clearTimeout(timer);
  }, [at, now]);
  return at !== null && at <= now;
}
