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
}

export type LabResult = Pick<
  RunResult,
  'lab' | 'filmstrip' | 'filmstripMs' | 'finalUrl' | 'source' | 'environment'
> &
  Partial<Pick<RunResult, 'field' | 'insights' | 'measuredAt'>>;

/** A failed sample: why (for the UI's wording) and the reason, fit for users. */
export class LabRunError extends Error {
  constructor(
    readonly kind: RunErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** Measures one page load in a lab (Lighthouse's performance category). */
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
