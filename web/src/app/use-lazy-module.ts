import { useEffect, useState } from 'react';

/**
 * Loads a module the first time `needed` is true and keeps it. No Suspense: React delays
 * revealing suspended content on timers, which a paused clock (and a slow phone) would hold.
 */
export function useLazyModule<M>(load: () => Promise<M>, needed: boolean): M | null {
  const [loaded, setLoaded] = useState<{ module: M } | null>(null);
  useEffect(() => {
    if (!needed || loaded) return;
    let live = true;
    load().then(
      (module) => live && setLoaded({ module }),
      (error: unknown) => console.error('a part of the app failed to load', error),
    );
    return () => {
      live = false;
    };
  }, [load, needed, loaded]);
  return loaded?.module ?? null;
}
