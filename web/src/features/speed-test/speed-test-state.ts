import type { OptionalCategory } from '@core/lighthouse-categories';
import type { RunResult, RunStatus } from '../../api/speed-runs';
import { STAGE_PROGRESS } from '../../api/speed-runs';

export type Device = 'mobile' | 'desktop';
type LabSource = NonNullable<RunStatus['errorSource']>;

/** Why the server would not start a test's samples; the test then shows no samples. */
export type Refusal =
  /** The URL, with the server's reason (malformed, or a private or local address). */
  | { kind: 'invalidUrl'; message: string }
  /** A monthly or sample-size limit, shown as an upgrade alert. */
  | { kind: 'blocked'; message: string }
  /** Speed tests cannot run on this server (no Chromium). */
  | { kind: 'unavailable'; message: string };

/** A sample's start: its run, or why the start request failed. */
export type SampleStart = { runId: string } | { error: string };

/** One device's share of a test: the samples started so far, in order. */
export interface DeviceState {
  url: string;
  count: number;
  /** The Lighthouse categories its samples measure beside performance. */
  categories: OptionalCategory[];
  starts: SampleStart[];
  /** Still starting samples. */
  active: boolean;
  refusal: Refusal | null;
}

/**
 * A speed test. `gen` grows with each new test: answers that arrive for an older one are
 * dropped, and each device keeps its own samples.
 */
export interface TestState {
  gen: number;
  /** The server's id of the test, once its first sample started. */
  testId?: string;
  devices: Partial<Record<Device, DeviceState>>;
}

export const EMPTY_TEST: TestState = { gen: 0, devices: {} };

/** Applies `patch` to `device` of test `gen`; a stale generation changes nothing. */
export function patchDevice(
  state: TestState,
  gen: number,
  device: Device,
  patch: (current: DeviceState) => DeviceState,
): TestState {
  const current = state.devices[device];
  if (state.gen !== gen || !current) return state;
  return { ...state, devices: { ...state.devices, [device]: patch(current) } };
}

export interface SampleState {
  status: 'waiting' | 'running' | 'done' | 'error';
  stage: string;
  /** 0–100, from the run's real stages. */
  progress: number;
  result: RunResult | null;
  /** The result is an earlier measurement the server reused (its `measuredAt` says when). */
  cached: boolean;
  /** Why the sample failed, fit for users. */
  error: string | null;
  /** Which lab ran it, for 'PSI Error' or 'Lighthouse error'. */
  errorSource: LabSource | null;
}

const waiting: SampleState = {
  status: 'waiting',
  stage: 'waiting',
  progress: 0,
  result: null,
  cached: false,
  error: null,
  errorSource: null,
};
const running = (stage: string): SampleState => ({
  ...waiting,
  status: 'running',
  stage,
  progress: STAGE_PROGRESS[stage] ?? 50,
});
const failed = (error: string, errorSource: LabSource | null): SampleState => ({
  ...waiting,
  status: 'error',
  stage: 'error',
  progress: 100,
  error,
  errorSource,
});

/** A run's query, as far as a sample row needs it. */
export interface RunView {
  data: RunStatus | undefined;
  error: Error | null;
}

/**
 * The rows of one device's samples: finished runs with their result or failure, the one
 * being started, and those still waiting. `labSource` names the lab for failures that
 * happened before a run existed.
 */
export function sampleStates(
  device: DeviceState,
  runs: ReadonlyMap<string, RunView>,
  labSource: LabSource | null,
): SampleState[] {
  return Array.from({ length: device.count }, (_, i): SampleState => {
    const start = device.starts[i];
    if (!start) return i === device.starts.length && device.active ? running('queued') : waiting;
    if ('error' in start) return failed(start.error, labSource);
    const run = runs.get(start.runId);
    if (run?.error) return failed(run.error.message, labSource);
    const status = run?.data;
    if (!status) return running('queued');
    if (status.status === 'done' && status.result)
      return {
        ...running('done'),
        status: 'done',
        progress: 100,
        result: status.result,
        cached: status.cached === true,
      };
    if (status.status === 'queued' || status.status === 'running') return running(status.stage);
    return failed(status.error ?? 'The sample failed.', status.errorSource ?? labSource);
  });
}
