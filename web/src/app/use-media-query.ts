import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@core/limits';
import { matchesPrerenderWidth } from './viewport';

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => matchesPrerenderWidth(query),
  );
}

/** Mobile means 576 px or less. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;
