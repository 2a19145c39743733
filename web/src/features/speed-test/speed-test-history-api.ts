import { queryOptions, useQuery } from '@tanstack/react-query';
import { SPEED_ENDPOINTS as SPEED } from '@core/endpoints/speed';
import type { Device } from './speed-test-state';
import { callEndpoint } from '../../api/api-client';

export const speedTestKeys = {
  all: ['speed-tests'] as const,
  list: (token: string | null, url: string) => [...speedTestKeys.all, token, url] as const,
  compare: (token: string | null, a: string, b: string, device: Device) =>
    [...speedTestKeys.all, token, 'compare', a, b, device] as const,
};

/** The signed-in user's last speed tests of `url`. */
export const speedTestHistoryQuery = (token: string | null, url: string) =>
  queryOptions({
    queryKey: speedTestKeys.list(token, url),
    queryFn: () => callEndpoint(SPEED.listTests, { token, query: { url } }),
  });

/** Two of the user's tests of one URL on `device`, the earlier first. */
export const speedTestComparisonQuery = (
  token: string | null,
  a: string,
  b: string,
  device: Device,
) =>
  queryOptions({
    queryKey: speedTestKeys.compare(token, a, b, device),
    queryFn: () => callEndpoint(SPEED.compareTests, { token, query: { a, b, device } }),
  });

export function useSpeedTestHistory(url: string, token: string | null) {
  return useQuery({ ...speedTestHistoryQuery(token, url), enabled: Boolean(token) });
}

export function useSpeedTestComparison(a: string, b: string, device: Device, token: string | null) {
  return useQuery({ ...speedTestComparisonQuery(token, a, b, device), enabled: Boolean(token) });
}
