import type { RunResult } from '@core/speed';

export type Strategy = 'mobile' | 'desktop';
export type LabStage = 'loading' | 'tracing' | 'auditing';

export interface LabRunRequest {
  url: string;
  strategy: Strategy;
  signal: AbortSignal;
  onStage(stage: LabStage): void;
}

export type LabResult = Pick<RunResult, 'lab' | 'filmstrip' | 'finalUrl' | 'source'> &
  Partial<Pick<RunResult, 'field'>>;

/** A refused URL (HTTP 400 to the client) or a failed run (that sample errors). */
export class LabRunError extends Error {
  constructor(
    readonly kind: 'bad_url' | 'failed' | 'timeout' | 'cancelled',
    message: string,
  ) {
    super(message);
  }
}

/** Measures one page load in a lab (Lighthouse's performance category). */
export interface LabSpeedProvider {
  readonly source: RunResult['source'];
  /** Runs one sample; throws LabRunError. */
  run(request: LabRunRequest): Promise<LabResult>;
  close(): Promise<void>;
}
