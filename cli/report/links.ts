import { API_BASE, endpointPath } from '@core/endpoints/endpoint';
import { SPEED_ENDPOINTS } from '@core/endpoints/speed';
import { ROUTES } from '@core/routes';
import type { Check } from '@core/schemas/checks';

const base = (serverUrl: string) => serverUrl.replace(/\/+$/, '');

/**
 * A run on the SpeedRank server. The app has no page that opens one run by its id (the
 * speed test page shows only the test it starts), so this is the run's record in the API,
 * which anyone holding the id may read.
 */
export const runUrl = (serverUrl: string, runId: string) =>
  `${base(serverUrl)}${API_BASE}${endpointPath(SPEED_ENDPOINTS.getRun, { params: { runId } })}`;

/** A tracked page's history on the site speed tracking page (signed in). */
export const trackedPageUrl = (serverUrl: string, trackedPageId: string) =>
  `${base(serverUrl)}${ROUTES.siteSpeedTracking}?page=${encodeURIComponent(trackedPageId)}`;

/** The check's page in the app, in the workspace that ran it (signed in). */
export function checkUrl(serverUrl: string, check: Pick<Check, 'id' | 'workspaceId'>): string {
  const params = new URLSearchParams({ id: check.id });
  if (check.workspaceId) params.set('ws', check.workspaceId);
  return `${base(serverUrl)}${ROUTES.checks}?${params}`;
}
