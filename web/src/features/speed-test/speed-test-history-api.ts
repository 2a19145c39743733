import { useQuery } from '@tanstack/react-query';
import { speedTestComparisonSchema, speedTestHistorySchema } from '@core/schemas/speed-tests';
import type { Device } from './speed-test-state';
import { apiRequest } from '../../api/api-client';

export const speedTestKeys = {
  all: ['speed-tests'] as const,
  list: (token: string | null, url: string) => [...speedTestKeys.all, token, url] as const,
  compare: (token: string | null, a: string, b: string, device: Device) =>
    [...speedTestKeys.all, token, 'compare', a, b, device] as const,
};

/** The signed-in user's last speed tests of `url` (GET /pagespeed/tests). */
export function useSpeedTestHistory(url: string, token: string | null) {
  return useQuery({
    queryKey: speedTestKeys.list(token, url),
    queryFn: () =>
      apiRequest(`/pagespeed/tests?url=${encodeURIComponent(url)}`, speedTestHistorySchema, {
        token,
      }),
    enabled: Boolean(token),
  });
}

/** Two of the user's tests of one URL on `device`, the earlier first. */
export function useSpeedTestComparison(a: string, b: string, device: Device, token: string | null) {
  return useQuery({
    queryKey: speedTestKeys.compare(token, a, b, device),
    queryFn: () =>
      apiRequest(
        `/pagespeed/tests/compare?a=${a}&b=${b}&device=${device}`,
        speedTestComparisonSchema,
        { token },
      ),
    enabled: Boolean(token),
  });
}
