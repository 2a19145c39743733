import { z } from 'zod';
import { runStatusSchema } from '@core/speed';
import { API_BASE, apiRequest } from '../../app/api-client';

export type { RunResult } from '@core/speed';

export const speedApi = {
  start: (
    body: {
      url: string;
      strategy: 'mobile' | 'desktop';
      sample: number;
      samples: number;
      testId?: string;
    },
    token: string | null,
  ) =>
    apiRequest('/pagespeed/runs', z.object({ runId: z.string(), testId: z.string() }), {
      method: 'POST',
      token,
      body,
    }),
  status: (runId: string) =>
    apiRequest(`/pagespeed/runs/${encodeURIComponent(runId)}`, runStatusSchema),
  cancel: (runId: string) =>
    apiRequest(`/pagespeed/runs/${encodeURIComponent(runId)}`, z.unknown(), { method: 'DELETE' }),
  eventsUrl: (runId: string) => `${API_BASE}/pagespeed/runs/${encodeURIComponent(runId)}/events`,
};
