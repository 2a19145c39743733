import type { OptionalCategory } from '@core/lighthouse-categories';
import type { FlowRunResult } from '@core/flows/flow-result';
import type { FlowBody, FlowStep } from '@core/flows/flow-schema';
import type { RunErrorKind, RunResult, SpeedReadiness } from '@core/speed';

export type Strategy = 'mobile' | 'desktop';
export type LabStage = 'loading' | 'tracing' | 'auditing';
/** Interactive runs (a person waits) go before background ones (scheduled checks). */
export type RunPriority = 'interactive' | 'background';

export interface LabRunRequest {
  url: string;
  strategy: Strategy;
  signal: AbortSignal;
  onStage(stage: LabStage): void;
  /** 'interactive' when not given. */
  priority?: RunPriority;
  /** Measure the page signed in; signed out when not given. */
  session?: LabSession;
  /** Lighthouse categories to measure beside performance; none when not given. */
  categories?: readonly OptionalCategory[];
}

/**
 * The session a page is measured in, made in a browser context of the run's own: a sign-in
 * flow's page loads and actions first (what it would measure is skipped), then cookies set
 * for the page's own host. The context ends with the run: nothing reaches the next one.
 */
export interface LabSession {
  steps: FlowStep[];
  cookies: { name: string; value: string }[];
  /** The values of the secrets the steps type and the cookies carry, by name. */
  secrets: Record<string, string>;
}

/**
 * Where one run's time went in a local lab, in ms, for operators' logs and the bench: the
 * Lighthouse child's timings (LighthouseTimings), the wait for a slot and the browser's
 * start, and what the result cost to reach the server.
 */
export interface LabRunProfile {
  /** Waiting for a free slot of the lab, the browser's start included. */
  slotMs: number;
  /** Starting a browser and its Lighthouse process (0 on a warm slot). */
  launchMs: number;
  configMs: number;
  benchmarkMs: number;
  loadMs: number;
  artifactsMs: number;
  auditMs: number;
  /** The child's run outside the steps above (the blank page, storage reset, mapping). */
  otherMs: number;
  transferMs: number;
  resultBytes: number;
}

export type LabResult = Pick<
  RunResult,
  'lab' | 'filmstrip' | 'filmstripMs' | 'finalUrl' | 'source' | 'environment'
> &
  Partial<Pick<RunResult, 'field' | 'insights' | 'measuredAt' | 'resources' | 'categories'>> & {
    /** A local lab's account of the run; never stored with the result. */
    profile?: LabRunProfile;
  };

/** A failed sample: why (for the UI's wording) and the reason, fit for users. */
export class LabRunError extends Error {
  constructor(
    readonly kind: RunErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** Measures one page load in a lab (Lighthouse's performance category, and others asked for). */
export interface LabSpeedProvider {
  readonly source: RunResult['source'];
  /** Whether runs can start at all (a local Chromium is installed), checked on each call. */
  readiness(): Omit<SpeedReadiness, 'source'>;
  /** Runs one sample; throws LabRunError. */
  run(request: LabRunRequest): Promise<LabResult>;
  /** Starts what runs need (browsers, Lighthouse processes) before the first one asks. */
  warm?(): Promise<void>;
  close(): Promise<void>;
}

export interface FlowRunRequest {
  flow: FlowBody & { device: Strategy };
  /** The workspace's secrets the steps name, by name. */
  secrets: Record<string, string>;
  signal: AbortSignal;
  priority?: RunPriority;
}

/**
 * Runs user flows: Lighthouse's user-flow API in a local Chromium (a PSI-only lab cannot
 * click). A failed step is part of the result; a run that could not happen throws LabRunError.
 */
export interface FlowLab {
  readiness(): Omit<SpeedReadiness, 'source'>;
  runFlow(request: FlowRunRequest): Promise<FlowRunResult>;
  close(): Promise<void>;
}
