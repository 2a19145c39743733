import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { TOOL_PATHS } from '@core/routes';
import { ApiError } from '../../api/api-client';
import { useModals } from '../modals/modal-context';
import { useSession } from '../session/session-context';

/**
 * When the stored token is invalid, the auth is reset to blank (in every tab), the flags
 * cleared (by `clearSession`), and the sign-in gate opens.
 */
export function useSignOutRejected() {
  const { clearSession } = useSession();
  const { open } = useModals();
  return useCallback(() => {
    clearSession();
    open('gate', { content: 'signIn' });
  }, [clearSession, open]);
}

/**
 * The token check of every tool page: on arriving at a tool, the stored token is checked
 * with the server; anything but SUCCESS signs out, SUCCESS refreshes the remaining counts
 * the page shows. It waits for the page-load refresh, which
 * replaces the token and has just checked it.
 */
export function useToolTokenCheck() {
  const { pathname } = useLocation();
  const { session, ready } = useSession();
  const signOutRejected = useSignOutRejected();
  const checked = useRef<string | null>(null);
  const loadedOn = useRef(pathname);
  const token = session.token;

  useEffect(() => {
    if (!ready || !token || !TOOL_PATHS.includes(pathname)) return;
    const key = `${pathname} ${token}`;
    if (checked.current === key) return;
    const first = checked.current === null;
    checked.current = key;
    // The page the app loaded on was just checked by the page-load refresh.
    if (first && pathname === loadedOn.current) return;
    // The auth API's code stays out of the shell: only a signed-in visit needs it.
    import('../../api/auth')
      .then(({ authApi }) => authApi.tokenStatus(token))
      .then(({ data }) => {
        if (data.status !== 'SUCCESS') return signOutRejected();
        // The tool's screen has loaded the query client by now; the shell does not carry it.
        return import('../query-client').then(({ queryClient }) =>
          queryClient.invalidateQueries({ queryKey: ['usage'] }),
        );
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) signOutRejected();
        else console.error('token check failed', error);
      });
  }, [ready, token, pathname, signOutRejected]);
}
