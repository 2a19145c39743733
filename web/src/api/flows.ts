import { queryOptions, useQuery } from '@tanstack/react-query';
import { FLOW_ENDPOINTS as FLOWS } from '@core/endpoints/flows';
import { callEndpoint, retryUnlessRefused } from './api-client';
import { useSignedInToken } from './signed-in-token';

/**
 * The workspace's user flows and secrets as more than one feature reads them (the flows'
 * own screens, a tracked page's sign-in), under the flows' query keys.
 */

/** While a run is queued or running, the views showing it ask again this often. */
export const FLOW_POLL_MS = 2000;

/** Every query of user flows under one key, per signed-in token. */
export const flowKeys = {
  all: (token: string) => ['flows', token] as const,
  list: (token: string) => [...flowKeys.all(token), 'list'] as const,
  flow: (token: string, id: string) => [...flowKeys.all(token), 'flow', id] as const,
  runs: (token: string, id: string) => [...flowKeys.flow(token, id), 'runs'] as const,
  alerts: (token: string, id: string) => [...flowKeys.flow(token, id), 'alerts'] as const,
  run: (token: string, runId: string) => [...flowKeys.all(token), 'run', runId] as const,
  secrets: (token: string) => [...flowKeys.all(token), 'secrets'] as const,
};

export const unfinished = (run: { finishedAt: string | null } | null | undefined) =>
  Boolean(run && run.finishedAt === null);

/** The workspace's flows, each with its last run, and how many its plan keeps. */
export const flowListQuery = (token: string) =>
  queryOptions({
    queryKey: flowKeys.list(token),
    queryFn: () => callEndpoint(FLOWS.listFlows, { token }),
    retry: retryUnlessRefused,
  });

/** The list, asked again while a flow's last run has not ended. */
export function useFlowList() {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    ...flowListQuery(token),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.flows.some((flow) => unfinished(flow.lastRun)) ? FLOW_POLL_MS : false,
  });
}

/** The workspace's secrets, by name and dates (a member's to list). */
export const secretsQuery = (token: string) =>
  queryOptions({
    queryKey: flowKeys.secrets(token),
    queryFn: () => callEndpoint(FLOWS.listSecrets, { token }),
    retry: retryUnlessRefused,
  });

export function useSecrets(when = true) {
  const { token, enabled } = useSignedInToken();
  return useQuery({ ...secretsQuery(token), enabled: enabled && when });
}
