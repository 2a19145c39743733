import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loadQueryClient } from '../screen-modules';
import { WORKSPACE_PARAM, withWorkspace } from './workspace-param';

/**
 * Keeps the workspace in the address as the user moves around: a link inside the app
 * names no workspace, so a move that drops the parameter gets it back from the page before.
 * Moving to the personal workspace is a move with the parameter empty (`?ws=`). A move to
 * another workspace (a choice, the back button) fetches every query again for it. A layout
 * effect, so the address names the workspace before any of the new page's queries run.
 */
export function KeepWorkspaceParam() {
  const location = useLocation();
  const navigate = useNavigate();
  const kept = useRef<string | null>(null);
  const actingIn = useRef<string | null | undefined>(undefined);
  useLayoutEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.has(WORKSPACE_PARAM)) kept.current = params.get(WORKSPACE_PARAM) || null;
    if (actingIn.current !== undefined && actingIn.current !== kept.current) {
      // Cached answers are the other workspace's; the client is loaded if any were fetched.
      void loadQueryClient().then(({ queryClient }) => queryClient.resetQueries());
    }
    actingIn.current = kept.current;
    const wanted = withWorkspace(location.search, kept.current);
    if (wanted !== location.search) {
      void navigate(
        { pathname: location.pathname, search: wanted, hash: location.hash },
        { replace: true, state: location.state as unknown },
      );
    }
  }, [location, navigate]);
  return null;
}
