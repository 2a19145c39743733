import { z } from 'zod';
import { runStatusSchema, type RunResult } from '@core/speed';
import { API_BASE, apiRequest } from './api-client';

export type { RunResult } from '@core/speed';

/** How far along a run is at each stage it reports, in percent. */
export const STAGE_PROGRESS: Record<string, number> = {
  queued: 5,
  loading: 25,
  tracing: 55,
  auditing: 85,
  done: 100,
};

/** Speed samples as server jobs (POST/GET/DELETE /pagespeed/runs and their events). */
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

/** Follows one run's Server-Sent Events until it ends, then reads its result. */
export function followRun(
  runId: string,
  onStage: (stage: string) => void,
): Promise<RunResult | null> {
  return new Promise((resolve) => {
    const events = new EventSource(speedApi.eventsUrl(runId));
    const finish = async () => {
      events.close();
      try {
        const status = await speedApi.status(runId);
        resolve(status.status === 'done' && status.result ? status.result : null);
      } catch {
        resolve(null);
      }
    };
    events.onmessage = (message) => {
      let stage: string;
      try {
        stage = String((JSON.parse(message.data as string) as { stage?: unknown }).stage ?? '');
      } catch {
        stage = String(message.data);
      }
      onStage(stage);
      if (stage === 'done' || stage === 'error' || stage === 'cancelled') void finish();
    };
    events.onerror = () => void finish();
  });
}
