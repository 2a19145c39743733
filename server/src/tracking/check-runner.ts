import type { TrackingDevice } from '@core/schemas/tracking';
import type { FieldResult, RunResult } from '@core/speed';
import { representativeSample, type SampleMetrics } from '@core/speed-summary';
import type { Clock } from '../auth/clock';
import { LabRunError, type RunPriority } from '../providers/lab-speed/port';
import type { SpeedJobs } from '../speed/speed-jobs';
import type { TrackingAlerts } from './alerts';
import { labValuesOf, type TrackingChecks } from './checks';
import { pageBudgets, pageDevices, type PageRow } from './pages';
import { judgeCheck, medianValues } from './regression';

export interface OpenCheck {
  id: string;
  device: TrackingDevice;
  startedAt: string;
}

type Measured = Pick<RunResult, 'lab' | 'filmstrip' | 'source'> & { field?: FieldResult };

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs a tracked page's checks: each check's samples one after another through the speed
 * engine (fresh runs at the given priority), every sample stored as it ends, then the
 * median, the representative run's filmstrip, the field data, the regression judgement
 * and, when the page's state changed, its alert.
 */
export class CheckRunner {
  constructor(
    private readonly checks: TrackingChecks,
    private readonly alerts: TrackingAlerts,
    private readonly clock: Clock,
    /** Read per run: tests swap the speed engine. */
    private readonly speed: () => SpeedJobs,
  ) {}

  /**
   * Runs `open` checks (rows already 'running') of `page`. Returns false, with the checks
   * removed, when `signal` ended them (a shutdown): the page is checked again after it.
   */
  async run(
    page: PageRow & { email: string },
    open: readonly OpenCheck[],
    priority: RunPriority,
    signal: AbortSignal,
  ): Promise<boolean> {
    for (const check of open) {
      const finished = await this.runOne(page, check, priority, signal);
      if (!finished) {
        await this.checks.discard(open.map((c) => c.id));
        return false;
      }
    }
    return true;
  }

  private async runOne(
    page: PageRow & { email: string },
    check: OpenCheck,
    priority: RunPriority,
    signal: AbortSignal,
  ): Promise<boolean> {
    const speed = this.speed();
    const results: (Measured | null)[] = [];
    let field: FieldResult | null = null;
    for (let sample = 1; sample <= page.samples; sample++) {
      try {
        const result: Measured = await speed.fresh(page.url, check.device, {
          priority,
          signal,
          // One field lookup per check: it answers for a month of real users, not a load.
          withField: field === null,
        });
        field ??= result.field ?? null;
        results.push(result);
        await this.checks.saveSample(check.id, sample, result.source, {
          values: labValuesOf(result.lab),
        });
      } catch (error) {
        // Cancelled: our signal, or the engine's shutdown. Neither is the page's failure.
        if (signal.aborted || (error instanceof LabRunError && error.kind === 'cancelled'))
          return false;
        results.push(null);
        await this.checks.saveSample(check.id, sample, speed.lab.source, {
          error: reason(error),
          kind: error instanceof LabRunError ? error.kind : 'other',
        });
      }
    }
    const done = results.filter((r): r is Measured => r !== null);
    const finishedAt = this.clock.now().toISOString();
    if (done.length === 0) {
      await this.checks.finish(check.id, finishedAt, {
        status: 'failed',
        median: null,
        filmstrip: [],
        field,
        regression: false,
        reasons: [],
        error: null,
      });
      return true;
    }
    const samples = done.map((r) => labValuesOf(r.lab));
    // A finished sample always has its score (mapLighthouseResult), as SampleMetrics needs.
    const representative = representativeSample(
      results.map((r) => (r ? (r.lab as unknown as SampleMetrics) : null)),
    );
    // A regression is judged against samples of the same lab, never local against PSI.
    const source = done[0]!.source;
    const judgement = judgeCheck({
      samples,
      baseline: await this.checks.baseline(page.id, check, source),
      budgets: pageBudgets(page),
      fieldInp: field?.page?.metrics.inp?.p75 ?? null,
    });
    await this.checks.finish(check.id, finishedAt, {
      status: 'done',
      median: medianValues(samples),
      filmstrip: representative === null ? done[0]!.filmstrip : results[representative]!.filmstrip,
      field: field?.source === 'none' ? null : field,
      regression: judgement.regression,
      reasons: judgement.reasons,
      error: null,
    });
    const state = (await this.checks.inRegression(page.id, pageDevices(page)))
      ? 'regression'
      : 'ok';
    await this.alerts.settle(state, {
      page,
      email: page.email,
      checkId: check.id,
      device: check.device,
      at: finishedAt,
      reasons: judgement.reasons,
    });
    return true;
  }
}
