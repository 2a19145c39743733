import type { RunResult } from '@core/speed';
import type { LabStage, Strategy } from './port';

/** What the server asks a Lighthouse child process to do: one run in the browser on `port`. */
export interface LighthouseJob {
  url: string;
  strategy: Strategy;
  port: number;
}

/**
 * What the server sends: a run, or the profile folder of the browser the child must take
 * down (and remove) if the server dies: Chromium is launched detached, so it would outlive
 * a killed server.
 */
export type LighthouseServerMessage =
  { type: 'run'; job: LighthouseJob } | { type: 'guard'; profileDir: string };

/** `environment.concurrency` is the server's to fill: the child knows of its run alone. */
export type LighthouseMeasurement = Pick<
  RunResult,
  'lab' | 'filmstrip' | 'filmstripMs' | 'finalUrl' | 'environment' | 'insights' | 'measuredAt'
>;

/** What the child answers, in order: stages, then exactly one `done` or `failed`. */
export type LighthouseChildMessage =
  | { type: 'stage'; stage: LabStage }
  | { type: 'done'; measurement: LighthouseMeasurement }
  /** `code` is Lighthouse's runtime error code when Lighthouse itself reported the failure. */
  | { type: 'failed'; message: string; code?: string };
