import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { WORKSPACE_PARAM } from './workspace-param';

/**
 * Moves the app to another workspace: the address names it (empty for the personal one,
 * which KeepWorkspaceParam then drops, fetching every query again for it).
 */
export function useChooseWorkspace() {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    async (id: string | null) => {
      const params = new URLSearchParams(location.search);
      params.set(WORKSPACE_PARAM, id ?? '');
      await navigate({ pathname: location.pathname, search: `?${params}`, hash: location.hash });
    },
    [location, navigate],
  );
}
