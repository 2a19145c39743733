import { startTransition, useEffect, useState } from 'react';
import { loadedModule, preloadModule } from './loaded-modules';

/**
 * Loads a module the first time `needed` is true and keeps it. No Suspense: React delays
 * revealing suspended content on timers, which a paused clock (and a slow phone) would hold.
 */
export function useLazyModule<M>(load: () => Promise<M>, needed: boolean): M | null {
  const [loaded, setLoaded] = useState(() => loadedModule(load));
  useEffect(() => {
    if (!needed || loaded) return;
    let live = true;
    preloadModule(load).then(
      // A transition renders in slices between which the browser can answer input.
      (module) => live && startTransition(() => setLoaded({ module })),
      (error: unknown) => console.error('a part of the app failed to load', error),
    );
    return () => {
      live = false;
    };
  }, [load, needed, loaded]);
  return loaded?.module ?? null;
}
