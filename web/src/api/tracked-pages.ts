import { queryOptions } from '@tanstack/react-query';
import { TRACKING_ENDPOINTS as TRACKING } from '@core/endpoints/tracking';
import { callEndpoint } from './api-client';
import { trackingRootKey } from './tracking-storage';

/**
 * The current workspace's tracked pages (their budgets and devices), for screens other than
 * site speed tracking's: under the key that screen's list has (trackingKeys.list), so the
 * two share one answer and its refreshes.
 */
export const trackedPageListQuery = (token: string) =>
  queryOptions({
    queryKey: [...trackingRootKey(token), 'list'] as const,
    queryFn: () => callEndpoint(TRACKING.listPages, { token }),
  });
