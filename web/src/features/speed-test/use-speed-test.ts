import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { OptionalCategory } from '@core/lighthouse-categories';
import { SPEED_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import { SPEED_ERROR_CODES } from '@core/speed';
import { ApiError } from '../../api/api-client';
import {
  speedApi,
  speedKeys,
  speedRunQuery,
  useSpeedReadiness,
  type StartRunRequest,
} from '../../api/speed-runs';
import {
  EMPTY_TEST,
  patchDevice,
  sampleStates,
  type Device,
  type Refusal,
  type RunView,
  type SampleState,
  type TestState,
} from './speed-test-state';

export type { Device, SampleState } from './speed-test-state';

export interface DeviceRun {
  url: string;
  /** The Lighthouse categories asked for beside performance. */
  categories: OptionalCategory[];
  samples: SampleState[];
  /** Why the page-speed service refused the URL; null when it took it. */
  invalidUrl: string | null;
  /** The server's refusal (monthly or sample-size limit), shown as an alert. */
  blocked: string | null;
  /** Speed tests cannot run on this server (no Chromium), and why. */
  unavailable: string | null;
}

/** The start refusals that end a device's samples, told apart by the server's `code`. */
function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError)) return null;
  const code = errorResponseSchema.safeParse(error.body).data?.code;
  switch (code) {
    case SPEED_ERROR_CODES.invalidUrl:
      return { kind: 'invalidUrl', message: error.message };
    case SPEED_ERROR_CODES.sampleLimit:
    case SPEED_ERROR_CODES.monthlyLimit:
      return { kind: 'blocked', message: error.message };
    case SPEED_ERROR_CODES.browserMissing:
    case SPEED_ERROR_CODES.noWorker:
      return { kind: 'unavailable', message: error.message };
    default:
      // A body the schema refused is the URL's fault too: a 400 is 'valid url'.
      return error.status === 400
        ? { kind: 'invalidUrl', message: SPEED_MESSAGES.invalidUrl }
        : null;
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The speed test: samples run one after another for a device; each goes waiting,
 * running, then done or error. Each device keeps its own samples, so toggling the device
 * shows (or starts) the other one. Each run is a query (useQueries) that follows the run
 * on the server; starting a sample is a mutation.
 */
export function useSpeedTest(token: string | null) {
  const client = useQueryClient();
  const [test, setTest] = useState<TestState>(EMPTY_TEST);
  // The current test's generation and server-side test id, read by running loops.
  const gen = useRef(0);
  const testId = useRef<{ gen: number; id: string } | null>(null);
  // Runs not yet finished, cancelled when a new test starts or the page is left.
  const unfinished = useRef(new Set<string>());
  const readiness = useSpeedReadiness();
  const labSource = readiness.data?.source ?? null;
  const { mutateAsync: startRun } = useMutation({
    mutationFn: (body: StartRunRequest) => speedApi.start(body, token),
  });

  const cancelUnfinished = useCallback(() => {
    for (const id of unfinished.current) void speedApi.cancel(id).catch(() => undefined);
    unfinished.current.clear();
  }, []);
  useEffect(() => cancelUnfinished, [cancelUnfinished]);

  const runSamples = useCallback(
    async (
      g: number,
      device: Device,
      url: string,
      count: number,
      categories: OptionalCategory[],
    ) => {
      const update = (patch: Parameters<typeof patchDevice>[3]) =>
        setTest((state) => patchDevice(state, g, device, patch));
      for (let i = 0; i < count; i++) {
        let started: { runId: string; testId: string };
        try {
          const known = testId.current?.gen === g ? testId.current.id : undefined;
          started = await startRun({
            url,
            strategy: device,
            sample: i + 1,
            samples: count,
            categories,
            ...(known ? { testId: known } : {}),
          });
        } catch (error) {
          if (gen.current !== g) return;
          const refusal = refusalOf(error);
          if (refusal) {
            if (refusal.kind === 'unavailable')
              void client.invalidateQueries({ queryKey: speedKeys.readiness() });
            return update((d) => ({ ...d, active: false, refusal }));
          }
          update((d) => ({ ...d, starts: [...d.starts, { error: reasonOf(error) }] }));
          continue;
        }
        // A newer test began while this start was under way: its answer is dropped.
        if (gen.current !== g) return void speedApi.cancel(started.runId).catch(() => undefined);
        testId.current = { gen: g, id: started.testId };
        setTest((state) =>
          state.gen === g && state.testId !== started.testId
            ? { ...state, testId: started.testId }
            : state,
        );
        unfinished.current.add(started.runId);
        update((d) => ({ ...d, starts: [...d.starts, { runId: started.runId }] }));
        // Called before anything renders, so it waits for the run's end, not its first event.
        await client.fetchQuery(speedRunQuery(client, started.runId)).catch(() => undefined);
        unfinished.current.delete(started.runId);
        if (gen.current !== g) return;
      }
      update((d) => ({ ...d, active: false }));
    },
    [client, startRun],
  );

  /** A new test: the old one's unfinished runs are cancelled and its late answers dropped. */
  const start = useCallback(
    (url: string, device: Device, count: number, categories: OptionalCategory[]) => {
      cancelUnfinished();
      const g = ++gen.current;
      testId.current = null;
      setTest({
        gen: g,
        devices: {
          [device]: { url, count, categories, starts: [], active: true, refusal: null },
        },
      });
      void runSamples(g, device, url, count, categories);
    },
    [cancelUnfinished, runSamples],
  );

  /** Toggling to a device whose run has not started starts it, same test. */
  const startOtherDevice = useCallback(
    (device: Device) => {
      const tested = test.devices.mobile ?? test.devices.desktop;
      if (!tested || test.devices[device] || tested.refusal) return;
      const g = test.gen;
      const { url, count, categories } = tested;
      setTest((state) =>
        state.gen === g && !state.devices[device]
          ? {
              ...state,
              devices: {
                ...state.devices,
                [device]: { url, count, categories, starts: [], active: true, refusal: null },
              },
            }
          : state,
      );
      void runSamples(g, device, url, count, categories);
    },
    [test, runSamples],
  );

  /** Typing clears the invalid-URL state. */
  const clearInvalid = useCallback(
    () =>
      setTest((state) => ({
        ...state,
        devices: Object.fromEntries(
          Object.entries(state.devices).filter(([, d]) => d.refusal?.kind !== 'invalidUrl'),
        ),
      })),
    [],
  );

  const runIds = useMemo(
    () =>
      Object.values(test.devices).flatMap((d) =>
        d.starts.flatMap((s) => ('runId' in s ? [s.runId] : [])),
      ),
    [test],
  );
  const runViews = useQueries({
    queries: runIds.map((id) => speedRunQuery(client, id)),
    combine: (results) =>
      new Map<string, RunView>(
        results.map((r, i) => [runIds[i]!, { data: r.data, error: r.error }]),
      ),
  });

  const runs = useMemo(() => {
    const out: Partial<Record<Device, DeviceRun>> = {};
    for (const [device, d] of Object.entries(test.devices) as [
      Device,
      TestState['devices'][Device],
    ][]) {
      if (!d) continue;
      const refusal = d.refusal;
      out[device] = {
        url: d.url,
        categories: d.categories,
        samples: refusal ? [] : sampleStates(d, runViews, labSource),
        invalidUrl: refusal?.kind === 'invalidUrl' ? refusal.message : null,
        blocked: refusal?.kind === 'blocked' ? refusal.message : null,
        unavailable: refusal?.kind === 'unavailable' ? refusal.message : null,
      };
    }
    return out;
  }, [test, runViews, labSource]);

  return {
    runs,
    testId: test.testId ?? null,
    readiness: readiness.data ?? null,
    start,
    startOtherDevice,
    clearInvalid,
  };
}
