import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useSession } from '../app/session/session-context';

/**
 * The token signed-in queries send, and whether they may run: only once the page-load
 * refresh has replaced the stored token, so that they do not race it.
 */
export function useSignedInToken() {
  const { session, ready } = useSession();
  return { token: session.token, enabled: ready && Boolean(session.token) };
}

/** A query of the signed-in user's, made with their token once it may run (and `when`). */
export function useSignedInQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: (token: string) => UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  when = true,
) {
  const { token, enabled } = useSignedInToken();
  return useQuery({ ...options(token), enabled: enabled && when });
}
