import { useEffect, useRef } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FLOW_ENDPOINTS as FLOWS } from '@core/endpoints/flows';
import type { FlowRunHistoryEntry } from '@core/flows/flow-api';
import type { FlowBody } from '@core/flows/flow-schema';
import type { FlowTracking } from '@core/flows/flow-tracking';
import { callEndpoint, retryUnlessRefused } from '../../api/api-client';
import { FLOW_POLL_MS, flowKeys, unfinished } from '../../api/flows';
import { useSignedInToken } from '../../api/signed-in-token';

export const flowQuery = (token: string, id: string) =>
  queryOptions({
    queryKey: flowKeys.flow(token, id),
    queryFn: () => callEndpoint(FLOWS.getFlow, { token, params: { id } }),
    retry: retryUnlessRefused,
  });

export function useFlow(id: string) {
  const { token, enabled } = useSignedInToken();
  return useQuery({ ...flowQuery(token, id), enabled });
}

/** A flow's runs, newest first, each measured step's values; asked again while one runs. */
export const flowRunsQuery = (token: string, id: string) =>
  queryOptions({
    queryKey: flowKeys.runs(token, id),
    queryFn: () => callEndpoint(FLOWS.listRuns, { token, params: { id } }),
    retry: retryUnlessRefused,
  });

export function useFlowRuns(id: string) {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    ...flowRunsQuery(token, id),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.runs.some((run: FlowRunHistoryEntry) => unfinished(run))
        ? FLOW_POLL_MS
        : false,
  });
}

/** A tracked flow's alerts, newest first. */
export const flowAlertsQuery = (token: string, id: string) =>
  queryOptions({
    queryKey: flowKeys.alerts(token, id),
    queryFn: () => callEndpoint(FLOWS.listAlerts, { token, params: { id } }),
    retry: retryUnlessRefused,
  });

export function useFlowAlerts(id: string) {
  const { token, enabled } = useSignedInToken();
  return useQuery({ ...flowAlertsQuery(token, id), enabled });
}

export const flowRunQuery = (token: string, runId: string) =>
  queryOptions({
    queryKey: flowKeys.run(token, runId),
    queryFn: () => callEndpoint(FLOWS.getRun, { token, params: { runId } }),
    retry: retryUnlessRefused,
  });

/**
 * One run, asked again every 2 s until it has finished (then it never changes); its end
 * refreshes the list and the flow's history, which show it.
 */
export function useFlowRun(runId: string) {
  const { token, enabled } = useSignedInToken();
  const client = useQueryClient();
  const run = useQuery({
    ...flowRunQuery(token, runId),
    enabled,
    staleTime: (query) => (query.state.data?.finishedAt ? Infinity : 0),
    refetchInterval: (query) =>
      !query.state.data || unfinished(query.state.data) ? FLOW_POLL_MS : false,
  });
  const finished = Boolean(run.data?.finishedAt);
  const flowId = run.data?.flowId;
  const wasFinished = useRef(finished);
  useEffect(() => {
    if (finished && !wasFinished.current) {
      void client.invalidateQueries({ queryKey: flowKeys.list(token) });
      // The flow too: a judged run moves its steps' states and may add an alert.
      if (flowId) void client.invalidateQueries({ queryKey: flowKeys.flow(token, flowId) });
    }
    wasFinished.current = finished;
  }, [client, token, flowId, finished]);
  return run;
}

/** Making, changing, deleting and running flows, and the Recorder import. */
export function useFlowMutations() {
  const { token } = useSignedInToken();
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: flowKeys.all(token) });
  return {
    create: useMutation({
      mutationFn: (body: FlowBody) => callEndpoint(FLOWS.createFlow, { token, body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: FlowBody }) =>
        callEndpoint(FLOWS.updateFlow, { token, params: { id }, body }),
      onSettled,
    }),
    track: useMutation({
      mutationFn: ({ id, schedule }: { id: string; schedule: FlowTracking['schedule'] }) =>
        callEndpoint(FLOWS.updateFlow, { token, params: { id }, body: { schedule } }),
      onSettled,
    }),
    // The deleted flow's own queries are dropped, not asked again (they would answer 404).
    remove: useMutation({
      mutationFn: (id: string) => callEndpoint(FLOWS.deleteFlow, { token, params: { id } }),
      onSuccess: (_deleted, id) => client.removeQueries({ queryKey: flowKeys.flow(token, id) }),
      onSettled: () => client.invalidateQueries({ queryKey: flowKeys.list(token) }),
    }),
    startRun: useMutation({
      mutationFn: (id: string) => callEndpoint(FLOWS.startRun, { token, params: { id } }),
      onSettled,
    }),
    importRecorder: useMutation({
      mutationFn: (recording: unknown) =>
        callEndpoint(FLOWS.importRecorder, { token, body: { recording } }),
    }),
  };
}

/** Setting (adding or replacing) and deleting secrets; each refreshes the list. */
export function useSecretMutations() {
  const { token } = useSignedInToken();
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: flowKeys.secrets(token) });
  return {
    put: useMutation({
      mutationFn: ({ name, value }: { name: string; value: string }) =>
        callEndpoint(FLOWS.putSecret, { token, params: { name }, body: { value } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (name: string) => callEndpoint(FLOWS.deleteSecret, { token, params: { name } }),
      onSettled,
    }),
  };
}
