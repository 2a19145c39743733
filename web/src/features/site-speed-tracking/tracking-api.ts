import { useEffect, useRef } from 'react';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { endpointPath } from '@core/endpoints/endpoint';
import { TRACKING_ENDPOINTS as TRACKING } from '@core/endpoints/tracking';
import type {
  CreateTrackedPageBody,
  HistoryRange,
  PatchTrackedPageBody,
  TrackingDevice,
} from '@core/schemas/tracking';
import { apiText, callEndpoint } from '../../api/api-client';
import { useSignedInToken } from '../../api/signed-in-token';
import { trackingRootKey } from '../../api/tracking-storage';

/** Everything of tracking under one key, per signed-in token. */
export const trackingKeys = {
  all: trackingRootKey,
  list: (token: string) => [...trackingKeys.all(token), 'list'] as const,
  page: (token: string, id: string) => [...trackingKeys.all(token), 'page', id] as const,
  history: (token: string, id: string, range: HistoryRange, device: TrackingDevice) =>
    [...trackingKeys.page(token, id), 'history', range, device] as const,
  check: (token: string, id: string, checkId: string) =>
    [...trackingKeys.page(token, id), 'check', checkId] as const,
  alerts: (token: string, id: string) => [...trackingKeys.page(token, id), 'alerts'] as const,
  fieldHistory: (token: string, id: string, device: TrackingDevice) =>
    [...trackingKeys.page(token, id), 'field-history', device] as const,
};

/** While a check of a page runs, its views ask again this often. */
export const RUNNING_POLL_MS = 3000;

/** The user's tracked pages and how many the plan tracks. */
export const trackedPagesQuery = (token: string) =>
  queryOptions({
    queryKey: trackingKeys.list(token),
    queryFn: () => callEndpoint(TRACKING.listPages, { token }),
  });

export function useTrackedPages() {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    ...trackedPagesQuery(token),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.running) ? RUNNING_POLL_MS : false,
  });
}

/**
 * A page's checks in a range, newest first; the previous range stays on screen while the
 * next loads.
 */
export const historyQuery = (
  token: string,
  id: string,
  range: HistoryRange,
  device: TrackingDevice,
) =>
  queryOptions({
    queryKey: trackingKeys.history(token, id, range, device),
    queryFn: () =>
      callEndpoint(TRACKING.history, { token, params: { id }, query: { range, device } }),
    placeholderData: keepPreviousData,
  });

/** A page's history: `running` (from the list) keeps asking until its running check ends. */
export function useHistory(
  id: string,
  range: HistoryRange,
  device: TrackingDevice,
  running: boolean,
) {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    ...historyQuery(token, id, range, device),
    enabled,
    refetchInterval: running ? RUNNING_POLL_MS : false,
  });
}

/** CrUX moves weekly and the server keeps its answers for hours: one read per visit is enough. */
const FIELD_HISTORY_STALE_MS = 60 * 60_000;

/** The page's and its origin's weekly real-user p75s (Chrome UX Report) for `device`. */
export const fieldHistoryQuery = (token: string, id: string, device: TrackingDevice) =>
  queryOptions({
    queryKey: trackingKeys.fieldHistory(token, id, device),
    queryFn: () =>
      callEndpoint(TRACKING.fieldHistory, { token, params: { id }, query: { device } }),
    staleTime: FIELD_HISTORY_STALE_MS,
  });

export function useFieldHistory(id: string, device: TrackingDevice) {
  const { token, enabled } = useSignedInToken();
  return useQuery({ ...fieldHistoryQuery(token, id, device), enabled });
}

/** One check in full. */
export const checkDetailQuery = (token: string, id: string, checkId: string) =>
  queryOptions({
    queryKey: trackingKeys.check(token, id, checkId),
    queryFn: () => callEndpoint(TRACKING.checkDetail, { token, params: { id, checkId } }),
  });

export function useCheckDetail(id: string, checkId: string | null) {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    ...checkDetailQuery(token, id, checkId ?? ''),
    enabled: enabled && checkId !== null,
  });
}

/** The alerts a page's checks raised. */
export const alertsQuery = (token: string, id: string) =>
  queryOptions({
    queryKey: trackingKeys.alerts(token, id),
    queryFn: () => callEndpoint(TRACKING.alerts, { token, params: { id } }),
  });

export function useAlerts(id: string, running: boolean) {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    ...alertsQuery(token, id),
    enabled,
    refetchInterval: running ? RUNNING_POLL_MS : false,
  });
}

/**
 * Views of a page poll while its check runs; the check's end (seen in the list) is asked
 * for once more, so its last point and any alert it raised appear.
 */
export function useRefreshWhenCheckEnds(id: string, running: boolean) {
  const { token } = useSignedInToken();
  const client = useQueryClient();
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) {
      void client.invalidateQueries({ queryKey: trackingKeys.page(token, id) });
    }
    wasRunning.current = running;
  }, [client, token, id, running]);
}

/** Mutations of tracked pages; each refreshes everything tracking shows. */
export function useTrackingMutations() {
  const { token } = useSignedInToken();
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: trackingKeys.all(token) });
  return {
    create: useMutation({
      mutationFn: (body: CreateTrackedPageBody) =>
        callEndpoint(TRACKING.createPage, { token, body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: PatchTrackedPageBody }) =>
        callEndpoint(TRACKING.updatePage, { token, params: { id }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => callEndpoint(TRACKING.removePage, { token, params: { id } }),
      onSettled,
    }),
    runNow: useMutation({
      mutationFn: (id: string) => callEndpoint(TRACKING.runNow, { token, params: { id } }),
      onSettled,
    }),
  };
}

/** The history of a range, both devices, as the server writes it to CSV. */
export function fetchHistoryCsv(token: string, id: string, range: HistoryRange): Promise<string> {
  return apiText(endpointPath(TRACKING.historyCsv, { params: { id }, query: { range } }), token);
}

/** Two checks side by side: `a` the earlier, `b` the later. */
export const comparisonQuery = (token: string, id: string, a: string, b: string) =>
  queryOptions({
    queryKey: [...trackingKeys.page(token, id), 'compare', a, b] as const,
    queryFn: () => callEndpoint(TRACKING.compare, { token, params: { id }, query: { a, b } }),
  });

export function useComparison(id: string, a: string, b: string) {
  const { token, enabled } = useSignedInToken();
  return useQuery({ ...comparisonQuery(token, id, a, b), enabled });
}
