import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX, NAV_COLLAPSE_PX } from '@core/limits';

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Spec 000: mobile means 576 px or less. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;
/** Spec 000: the navigation collapses at 992 px or less, so it expands from 993 px. */
export const WIDE_NAV_QUERY = `(min-width: ${NAV_COLLAPSE_PX + 1}px)`;
