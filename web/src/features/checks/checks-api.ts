import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQueries,
  useQuery,
} from '@tanstack/react-query';
import { CHECK_ENDPOINTS as CHECKS } from '@core/endpoints/checks';
import type { RunStatus } from '@core/speed';
import { callEndpoint, retryUnlessRefused } from '../../api/api-client';
import { useSignedInToken } from '../../api/signed-in-token';
import { speedApi } from '../../api/speed-runs';

/** While a check (or one of its runs) is running, its views ask again this often. */
export const CHECK_POLL_MS = 2000;

/** Every query of CI checks under one key, per signed-in token (a workspace move resets all). */
export const checkKeys = {
  all: (token: string) => ['checks', token] as const,
  list: (token: string) => [...checkKeys.all(token), 'list'] as const,
  check: (token: string, id: string) => [...checkKeys.all(token), 'check', id] as const,
  run: (runId: string) => ['checks', 'run', runId] as const,
};

/** The current workspace's checks, newest first, a page at a time. */
const checkListQuery = (token: string) =>
  infiniteQueryOptions({
    queryKey: checkKeys.list(token),
    queryFn: ({ pageParam }) =>
      callEndpoint(CHECKS.listChecks, { token, query: pageParam ? { before: pageParam } : {} }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
    retry: retryUnlessRefused,
  });

/** The list, asked again while a check on it is still running. */
export function useCheckList() {
  const { token, enabled } = useSignedInToken();
  return useInfiniteQuery({
    ...checkListQuery(token),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.checks.some((c) => c.status === 'running'))
        ? CHECK_POLL_MS
        : false,
  });
}

/** One check in full. */
export const checkQuery = (token: string, id: string) =>
  queryOptions({
    queryKey: checkKeys.check(token, id),
    queryFn: () => callEndpoint(CHECKS.getCheck, { token, params: { id } }),
    retry: retryUnlessRefused,
  });

/** A check, asked again every 2 s until it is done (then judged once and for all). */
export function useCheck(id: string) {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    ...checkQuery(token, id),
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? CHECK_POLL_MS : false),
  });
}

const ENDED: readonly RunStatus['status'][] = ['done', 'error', 'cancelled'];

/**
 * The status of each run (GET /pagespeed/runs/:id, readable by whoever holds the id), each
 * asked again until it ended; an ended run never changes.
 */
export function useRunStatuses(runIds: readonly string[]) {
  return useQueries({
    queries: runIds.map((runId) => ({
      queryKey: checkKeys.run(runId),
      queryFn: () => speedApi.status(runId),
      retry: retryUnlessRefused,
      staleTime: (query: { state: { data?: RunStatus } }) =>
        query.state.data && ENDED.includes(query.state.data.status) ? Infinity : 0,
      refetchInterval: (query: { state: { data?: RunStatus } }) =>
        query.state.data && ENDED.includes(query.state.data.status) ? false : CHECK_POLL_MS,
    })),
  });
}
