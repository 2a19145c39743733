import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  QUEUED_RUN,
  runStatusSchema,
  type RunResult,
  type RunStatus,
  type StartRunRequest,
} from '@core/speed';
import { API_BASE, endpointPath } from '@core/endpoints/endpoint';
import { SPEED_ENDPOINTS as SPEED } from '@core/endpoints/speed';
import { callEndpoint } from './api-client';

export type { RunResult, RunStatus, SpeedReadiness, StartRunRequest } from '@core/speed';

/** How far along a run is at each stage it reports, in percent. */
export const STAGE_PROGRESS: Record<string, number> = {
  queued: 5,
  loading: 25,
  tracing: 55,
  auditing: 85,
  done: 100,
};

const FINISHED = new Set<RunStatus['status']>(['done', 'error', 'cancelled']);
/** How often a run is polled once its event stream broke off. */
const POLL_MS = 2000;

/** A run's progress as its events report it. */
const progressSchema = runStatusSchema.pick({ stage: true, status: true });
export type RunProgress = z.infer<typeof progressSchema>;

/** Speed samples as server jobs (POST/GET/DELETE /pagespeed/runs and their events). */
export const speedApi = {
  start: (body: StartRunRequest, token: string | null) =>
    callEndpoint(SPEED.startRun, { token, body }),
  status: (runId: string) => callEndpoint(SPEED.getRun, { params: { runId } }),
  cancel: (runId: string) => callEndpoint(SPEED.cancelRun, { params: { runId } }),
  eventsUrl: (runId: string) => API_BASE + endpointPath(SPEED.followRun, { params: { runId } }),
  /** Whether samples can run on this server (no Chromium: not), and why. */
  readiness: () => callEndpoint(SPEED.getReadiness, {}),
  /** Follows a run to its end (a property, so tests can script runs). */
  follow: (runId: string, onProgress: (progress: RunProgress) => void) =>
    followRunStatus(runId, onProgress),
};

/** The run's status once it has ended, polling if it has not yet. */
async function finalStatus(runId: string): Promise<RunStatus> {
  for (;;) {
    const status = await speedApi.status(runId);
    if (FINISHED.has(status.status)) return status;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Times a broken stream may reconnect by itself before the run is followed by polling. */
const STREAM_RECONNECTS = 3;

/**
 * Follows one run's Server-Sent Events until it ends, then reads its full status (result,
 * or the failure's reason and kind). A stream that breaks reconnects by itself (the
 * browser sends the last event's id, and any API instance resumes from there); one that
 * keeps breaking, or that the server refuses, falls back to polling.
 */
export function followRunStatus(
  runId: string,
  onProgress: (progress: RunProgress) => void,
): Promise<RunStatus> {
  return new Promise((resolve, reject) => {
    const events = new EventSource(speedApi.eventsUrl(runId));
    let ended = false;
    const finish = () => {
      if (ended) return;
      ended = true;
      events.close();
      finalStatus(runId).then(resolve, reject);
    };
    events.onmessage = (message) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data as string);
      } catch {
        return;
      }
      const parsed = progressSchema.safeParse(data);
      if (!parsed.success) return;
      onProgress(parsed.data);
      if (FINISHED.has(parsed.data.status)) finish();
    };
    let breaks = 0;
    events.onerror = () => {
      if (events.readyState === EventSource.CONNECTING && ++breaks <= STREAM_RECONNECTS) return;
      finish();
    };
  });
}

/** Follows one run; resolves with its result, or null when it failed. */
export function followRun(
  runId: string,
  onStage: (stage: string) => void,
): Promise<RunResult | null> {
  return followRunStatus(runId, (progress) => onStage(progress.stage)).then(
    (status) => (status.status === 'done' ? status.result : null),
    () => null,
  );
}

/** Query keys of the speed runs: one query per run, and the lab's readiness. */
export const speedKeys = {
  all: ['speed'] as const,
  readiness: () => [...speedKeys.all, 'readiness'] as const,
  run: (runId: string) => [...speedKeys.all, 'run', runId] as const,
};

/**
 * One speed run as a query: its data follows the run's events while it runs and is its
 * final status once it ends. A finished run never changes, so it is never refetched.
 */
export function speedRunQuery(client: QueryClient, runId: string) {
  const queryKey = speedKeys.run(runId);
  return queryOptions({
    queryKey,
    queryFn: () =>
      speedApi.follow(runId, (progress) => {
        // The end comes with the final status the query resolves with.
        if (FINISHED.has(progress.status)) return;
        client.setQueryData<RunStatus>(queryKey, (prev) => ({
          ...(prev ?? QUEUED_RUN),
          ...progress,
        }));
      }),
    staleTime: Infinity,
    retry: false,
  });
}

/** Whether samples can run on this server, asked once a minute at most. */
export const speedReadinessQuery = () =>
  queryOptions({
    queryKey: speedKeys.readiness(),
    queryFn: () => speedApi.readiness(),
    staleTime: 60_000,
  });

export function useSpeedReadiness() {
  return useQuery(speedReadinessQuery());
}
