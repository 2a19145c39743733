import { useEffect } from 'react';
import { useLocation } from 'react-router';

let current: string | null = null;
let previous: string | null = null;

/** Keeps the app's previous page in this tab: where a way out of a gate leads back to. */
export function useTrackPreviousPage(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const here = pathname + search;
    if (current !== null && current !== here) previous = current;
    current = here;
  }, [pathname, search]);
}

/** The page visited before this one in the app, path and query; null on the first page. */
export const previousPage = (): string | null => previous;
