import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORT_ENDPOINTS as REPORTS } from '@core/endpoints/reports';
import type { ReportSubscription } from '@core/schemas/reports';
import { callEndpoint, retryUnlessRefused } from './api-client';
import { useSignedInQuery, useSignedInToken } from './signed-in-token';

export const reportKeys = {
  weekly: (token: string) => ['reports', token, 'weekly'] as const,
  subscription: (token: string) => ['reports', token, 'subscription'] as const,
};

/** The current workspace's week, made when asked. */
export const useWeeklyReport = () =>
  useSignedInQuery((token) =>
    queryOptions({
      queryKey: reportKeys.weekly(token),
      queryFn: () => callEndpoint(REPORTS.weekly, { token }),
      retry: retryUnlessRefused,
    }),
  );

/** Whether the signed-in member gets the workspace's report by email every Monday. */
export const useReportSubscription = () =>
  useSignedInQuery((token) =>
    queryOptions({
      queryKey: reportKeys.subscription(token),
      queryFn: () => callEndpoint(REPORTS.subscription, { token }),
      retry: retryUnlessRefused,
    }),
  );

/** Changes the weekly email choice; the server's answer is then what the page shows. */
export function useSubscribeToReport() {
  const { token } = useSignedInToken();
  const client = useQueryClient();
  const queryKey = reportKeys.subscription(token);
  return useMutation({
    mutationFn: (body: ReportSubscription) => callEndpoint(REPORTS.subscribe, { token, body }),
    // A read under way would bring back the choice from before.
    onMutate: () => client.cancelQueries({ queryKey }),
    onSuccess: (answer) => client.setQueryData(queryKey, answer),
  });
}
