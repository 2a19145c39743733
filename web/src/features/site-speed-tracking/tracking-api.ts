import { useEffect, useRef } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alertListSchema,
  comparisonSchema,
  createdTrackedPageSchema,
  fieldHistoryResponseSchema,
  historyResponseSchema,
  runNowResponseSchema,
  trackedPageListSchema,
  trackedPageSchema,
  trackingCheckDetailSchema,
  type CreateTrackedPageBody,
  type HistoryRange,
  type PatchTrackedPageBody,
  type TrackingDevice,
} from '@core/schemas/tracking';
import { z } from 'zod';
import { apiRequest, apiText } from '../../api/api-client';
import { useSignedInToken } from '../../api/signed-in-token';
import { trackingRootKey } from '../../api/tracking-storage';

const PAGES = '/tracking/pages';

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

export function useTrackedPages() {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    queryKey: trackingKeys.list(token),
    queryFn: () => apiRequest(PAGES, trackedPageListSchema, { token }),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.running) ? RUNNING_POLL_MS : false,
  });
}

/**
 * A page's checks in a range, newest first. `running` (from the list) keeps asking until
 * the page's running check ends; the previous range stays on screen while the next loads.
 */
export function useHistory(
  id: string,
  range: HistoryRange,
  device: TrackingDevice,
  running: boolean,
) {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    queryKey: trackingKeys.history(token, id, range, device),
    queryFn: () =>
      apiRequest(`${PAGES}/${id}/history?range=${range}&device=${device}`, historyResponseSchema, {
        token,
      }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: running ? RUNNING_POLL_MS : false,
  });
}

/** CrUX moves weekly and the server keeps its answers for hours: one read per visit is enough. */
const FIELD_HISTORY_STALE_MS = 60 * 60_000;

/** The page's and its origin's weekly real-user p75s (Chrome UX Report) for `device`. */
export function useFieldHistory(id: string, device: TrackingDevice) {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    queryKey: trackingKeys.fieldHistory(token, id, device),
    queryFn: () =>
      apiRequest(`${PAGES}/${id}/field-history?device=${device}`, fieldHistoryResponseSchema, {
        token,
      }),
    enabled,
    staleTime: FIELD_HISTORY_STALE_MS,
  });
}

export function useCheckDetail(id: string, checkId: string | null) {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    queryKey: trackingKeys.check(token, id, checkId ?? ''),
    queryFn: () =>
      apiRequest(`${PAGES}/${id}/checks/${checkId}`, trackingCheckDetailSchema, { token }),
    enabled: enabled && checkId !== null,
  });
}

export function useAlerts(id: string, running: boolean) {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    queryKey: trackingKeys.alerts(token, id),
    queryFn: () => apiRequest(`${PAGES}/${id}/alerts`, alertListSchema, { token }),
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
        apiRequest(PAGES, createdTrackedPageSchema, { method: 'POST', token, body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: PatchTrackedPageBody }) =>
        apiRequest(`${PAGES}/${id}`, trackedPageSchema, { method: 'PATCH', token, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiRequest(`${PAGES}/${id}`, z.object({ deleted: z.literal(true) }), {
          method: 'DELETE',
          token,
        }),
      onSettled,
    }),
    runNow: useMutation({
      mutationFn: (id: string) =>
        apiRequest(`${PAGES}/${id}/run`, runNowResponseSchema, { method: 'POST', token }),
      onSettled,
    }),
  };
}

/** The history of a range, both devices, as the server writes it to CSV. */
export function fetchHistoryCsv(token: string, id: string, range: HistoryRange): Promise<string> {
  return apiText(`${PAGES}/${id}/history.csv?range=${range}`, token);
}

/** Two checks side by side: `a` the earlier, `b` the later. */
export function useComparison(id: string, a: string, b: string) {
  const { token, enabled } = useSignedInToken();
  return useQuery({
    queryKey: [...trackingKeys.page(token, id), 'compare', a, b] as const,
    queryFn: () => apiRequest(`${PAGES}/${id}/compare?a=${a}&b=${b}`, comparisonSchema, { token }),
    enabled,
  });
}
