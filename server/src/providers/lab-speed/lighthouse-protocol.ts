import type { OptionalCategory } from '@core/lighthouse-categories';
import type { FlowRunResult } from '@core/flows/flow-result';
import type { RunResult } from '@core/speed';
import type { FlowJob } from './lighthouse-flow';
import type { LabSession, LabStage, Strategy } from './port';

/** What the server asks a Lighthouse child process to do: one run in the browser on `port`. */
export interface LighthouseJob {
  url: string;
  strategy: Strategy;
  port: number;
  /** Categories measured beside performance; none when absent. */
  categories?: readonly OptionalCategory[];
  /** Measured signed in: the session and how long its steps may take. */
  session?: LabSession & { stepTimeoutMs: number; loadTimeoutMs: number };
}

/**
 * What the server sends: a run, or the profile folder of the browser the child must take
 * down (and remove) if the server dies: Chromium is launched detached, so it would outlive
 * a killed server.
 */
export type LighthouseServerMessage =
  | { type: 'run'; job: LighthouseJob }
  /** Measure the machine in the browser on `port` before any run (lighthouse-benchmark.ts). */
  | { type: 'measureMachine'; port: number }
  | { type: 'flow'; job: FlowJob }
  | { type: 'guard'; profileDir: string };

/** `environment.concurrency` is the server's to fill: the child knows of its run alone. */
export type LighthouseMeasurement = Pick<
  RunResult,
  | 'lab'
  | 'filmstrip'
  | 'filmstripMs'
  | 'finalUrl'
  | 'environment'
  | 'insights'
  | 'categories'
  | 'measuredAt'
  | 'resources'
>;

/** Where a run's time went in the child, in ms, by Lighthouse's own timings. */
export interface LighthouseTimings {
  /** The whole run, from the job's arrival until its result was mapped. */
  totalMs: number;
  /** Resolving the config (loading audit and gatherer modules on a process's first run). */
  configMs: number;
  /** Lighthouse's measure of the machine: about 0 when a known one stood in (lighthouse-benchmark.ts). */
  benchmarkMs: number;
  /** Loading the page under the trace, until the network and CPU are quiet. */
  loadMs: number;
  /** The other artifacts, from the trace (its elements, its processing) and the page. */
  artifactsMs: number;
  auditMs: number;
}

/**
 * What the child says: `ready` once, when Lighthouse and its audits are loaded; then per
 * run, in order, stages and exactly one `done` or `failed`; per flow, one `flowDone` or
 * `failed`.
 */
export type LighthouseChildMessage =
  | { type: 'ready' }
  /** The machine is measured, or its measure left to the first run. */
  | { type: 'machineMeasured' }
  | { type: 'stage'; stage: LabStage }
  | {
      type: 'done';
      measurement: LighthouseMeasurement;
      timings: LighthouseTimings;
      /** The measurement's size as JSON, as it crosses to the server and into storage. */
      resultBytes: number;
      /** When the child sent it (epoch ms): the result's way to the server is timed from it. */
      sentAt: number;
    }
  /** A flow's result, a failed step's included: `failed` is for a run that broke down. */
  | { type: 'flowDone'; result: FlowRunResult }
  /** `code` is Lighthouse's runtime error code when Lighthouse itself reported the failure. */
  | { type: 'failed'; message: string; code?: string };

/**
 * Sends a child's message to the server if it is still there: a message to a server that
 * is gone is dropped (its error would end the child before it takes its browser down).
 */
export function sendToServer(message: LighthouseChildMessage): void {
  if (process.connected) process.send?.(message, undefined, undefined, () => undefined);
}
