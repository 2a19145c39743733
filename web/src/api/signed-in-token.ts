import { useSession } from '../app/session/session-context';

/**
 * The token signed-in queries send, and whether they may run: only once the page-load
 * refresh has replaced the stored token, so that they do not race it.
 */
export function useSignedInToken() {
  const { session, ready } = useSession();
  return { token: session.token, enabled: ready && Boolean(session.token) };
}
