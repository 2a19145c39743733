import { useEffect, useState } from 'react';

/** How often a 'measured 4 minutes ago' kind of text is brought up to date. */
const TICK_MS = 30_000;

/** The current time, renewed every half minute for texts that say how long ago. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
