import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's query parameters, and a change that starts from the address as it is now.
 * The router renders a move as a transition, so two quick changes (two filters chosen one
 * after the other) can both run before a render; react-router's own setter would then build
 * the second from the first's stale parameters and undo it.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (edit: (now: URLSearchParams) => URLSearchParams, options?: { replace?: boolean }) =>
      setParams(edit(new URLSearchParams(window.location.search)), options),
    [setParams],
  );
  return [params, change] as const;
}
