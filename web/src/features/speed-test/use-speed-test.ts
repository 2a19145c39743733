import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../app/api-client';
import { STAGE_PROGRESS, followRun, speedApi, type RunResult } from '../../app/speed-runs';

export type Device = 'mobile' | 'desktop';

export interface SampleState {
  status: 'waiting' | 'running' | 'done' | 'error';
  stage: string;
  /** 0–100, from the run's real stages. */
  progress: number;
  result: RunResult | null;
}

export interface DeviceRun {
  url: string;
  samples: SampleState[];
  /** Set when the page-speed service refused the URL (spec 002 §5). */
  invalidUrl: boolean;
  /** The server's refusal (monthly or sample-size limit), shown as an alert. */
  blocked: string | null;
}

function waiting(): SampleState {
  return { status: 'waiting', stage: 'waiting', progress: 0, result: null };
}

/**
 * Spec 002 §4 'Speed test': samples run one after another for a device; each goes
 * waiting, running, then done or error. Runs per device are kept so toggling the device
 * shows (or starts) the other one.
 */
export function useSpeedTest(token: string | null) {
  const [runs, setRuns] = useState<Partial<Record<Device, DeviceRun>>>({});
  const active = useRef(new Set<string>());
  // The test the samples belong to, so later samples and the other device share its count.
  const testId = useRef<{ url: string; id: string } | null>(null);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    const ids = active.current;
    return () => {
      alive.current = false;
      // Leaving the page cancels runs nobody will read.
      for (const id of ids) void speedApi.cancel(id).catch(() => undefined);
    };
  }, []);

  const update = useCallback((device: Device, index: number, patch: Partial<SampleState>) => {
    if (!alive.current) return;
    setRuns((prev) => {
      const run = prev[device];
      if (!run) return prev;
      const samples = run.samples.map((s, i) => (i === index ? { ...s, ...patch } : s));
      return { ...prev, [device]: { ...run, samples } };
    });
  }, []);

  const start = useCallback(
    async (url: string, device: Device, sampleCount: number) => {
      setRuns((prev) => ({
        ...prev,
        [device]: {
          url,
          invalidUrl: false,
          blocked: null,
          samples: Array.from({ length: sampleCount }, waiting),
        },
      }));
      for (let i = 0; i < sampleCount; i++) {
        if (!alive.current) return;
        update(device, i, { status: 'running', stage: 'queued', progress: STAGE_PROGRESS.queued });
        let runId: string;
        try {
          const known = testId.current?.url === url ? testId.current.id : undefined;
          const started = await speedApi.start(
            {
              url,
              strategy: device,
              sample: i + 1,
              samples: sampleCount,
              ...(known ? { testId: known } : {}),
            },
            token,
          );
          runId = started.runId;
          testId.current = { url, id: started.testId };
        } catch (error) {
          if (
            error instanceof ApiError &&
            (error.status === 429 || /samples|limit/.test(error.message))
          ) {
            setRuns((prev) => ({
              ...prev,
              [device]: { url, invalidUrl: false, blocked: error.message, samples: [] },
            }));
            return;
          }
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            // 'Please enter a valid url' and progress cleared (spec 002 §8).
            setRuns((prev) => ({
              ...prev,
              [device]: { url, invalidUrl: true, blocked: null, samples: [] },
            }));
            return;
          }
          update(device, i, { status: 'error', stage: 'error', progress: 100 });
          continue;
        }
        active.current.add(runId);
        const result = await followRun(runId, (stage) =>
          update(device, i, { stage, progress: STAGE_PROGRESS[stage] ?? 50 }),
        );
        active.current.delete(runId);
        update(
          device,
          i,
          result
            ? { status: 'done', stage: 'done', progress: 100, result }
            : { status: 'error', stage: 'error', progress: 100 },
        );
      }
    },
    [token, update],
  );

  const reset = useCallback(() => {
    testId.current = null;
    setRuns({});
  }, []);
  const clearInvalid = useCallback(
    () =>
      setRuns((prev) =>
        Object.fromEntries(Object.entries(prev).map(([d, r]) => [d, { ...r, invalidUrl: false }])),
      ),
    [],
  );

  return { runs, start, reset, clearInvalid };
}
