import { medianResources, type Resources } from '@core/budgets/resources';
import { UNREACHABLE_AFTER, type TrackingDevice } from '@core/schemas/tracking';
import { labThresholdsOf, type FieldResult, type RunResult } from '@core/speed';
import { representativeSample, type SampleMetrics } from '@core/speed-summary';
import type { Clock } from '../shared/clock';
import { LabRunError, type RunPriority } from '../providers/lab-speed/port';
import { fingerprintOf } from '../speed/run-fingerprint';
import type { SpeedSamples } from '../speed/speed-samples';
import type { AlertTrigger, TrackingAlerts } from './alerts';
import type { CheckStates } from './check-states';
import { labValuesOf } from '../speed/lab-values';
import type { TrackingChecks } from './checks';
import { measuredCategories, pageBudgets, pageSignIn, type PageRow } from './pages';
import { medianCategoryScores } from '@core/lighthouse-categories';
import {
  alertTransition,
  checkFingerprint,
  fingerprintChanged,
  judgeCheck,
  medianValues,
  pooledBaseline,
  reachabilityTransition,
} from './regression';

export interface OpenCheck {
  id: string;
  device: TrackingDevice;
  startedAt: string;
}

type Measured = Pick<
  RunResult,
  | 'lab'
  | 'filmstrip'
  | 'filmstripMs'
  | 'source'
  | 'environment'
  | 'insights'
  | 'resources'
  | 'categories'
> & {
  field?: FieldResult;
};

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs a tracked page's checks: each check's samples one after another through the speed
 * engine (fresh runs at the given priority), every sample stored as it ends with its error
 * or its fingerprint, then the check's state (ok, partial, failed), the median of its good
 * samples, the representative run's filmstrip and insights, the field data, the regression
 * judgement against the pooled baseline, and the alerts the device's checks now call for.
 */
export class CheckRunner {
  constructor(
    private readonly checks: TrackingChecks,
    private readonly alerts: TrackingAlerts,
    private readonly states: CheckStates,
    private readonly clock: Clock,
    private readonly speed: SpeedSamples,
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
    const { speed } = this;
    const results: (Measured | null)[] = [];
    let field: FieldResult | null = null;
    const signIn = pageSignIn(page);
    const categories = measuredCategories(page);
    if (signIn) await this.checks.markSignedIn(check.id);
    for (let sample = 1; sample <= page.samples; sample++) {
      try {
        const result: Measured = await speed.fresh(page.url, check.device, {
          priority,
          signal,
          // One field lookup per check: it answers for a month of real users, not a load.
          withField: field === null,
          ...(signIn && { signIn: { workspaceId: page.workspace_id, signIn } }),
          categories,
        });
        field ??= result.field ?? null;
        results.push(result);
        await this.checks.saveSample(check.id, sample, result.source, {
          values: labValuesOf(result.lab),
          fingerprint: fingerprintOf(result, check.device),
        });
      } catch (error) {
        // Cancelled: our signal, or the engine's shutdown. Neither is the page's failure.
        if (signal.aborted || (error instanceof LabRunError && error.kind === 'cancelled'))
          return false;
        results.push(null);
        await this.checks.saveSample(check.id, sample, speed.source, {
          error: reason(error),
          kind: error instanceof LabRunError ? error.kind : 'other',
        });
      }
    }
    const done = results.filter((r): r is Measured => r !== null);
    const finishedAt = this.clock.now().toISOString();
    const trigger: AlertTrigger = {
      page,
      email: page.email,
      checkId: check.id,
      device: check.device,
      at: finishedAt,
      reasons: [],
    };
    if (done.length === 0) {
      // A failed check is a state, never a number: no median, no judgement, no baseline.
      await this.checks.finish(check.id, finishedAt, {
        status: 'failed',
        state: 'failed',
        median: null,
        filmstrip: [],
        field,
        regression: false,
        reasons: [],
        error: null,
        fingerprintChanged: false,
      });
      await this.settleReachability(page, trigger);
      return true;
    }
    const samples = done.map((r) => labValuesOf(r.lab));
    // A finished sample always has its score (mapLighthouseResult), as SampleMetrics needs.
    const representative = representativeSample(
      results.map((r) => (r ? (r.lab as unknown as SampleMetrics) : null)),
    );
    const shown = representative === null ? done[0]! : results[representative]!;
    // A regression is judged against samples of the same lab, never local against PSI.
    const source = done[0]!.source;
    const fingerprint = checkFingerprint(
      done.map((r) => ({ fingerprint: fingerprintOf(r, check.device) })),
    );
    const baseline = pooledBaseline(
      fingerprint,
      await this.states.baseline(page.id, check, source),
    );
    const categoryScores = categories.length > 0 ? medianCategoryScores(done) : null;
    const judgement = judgeCheck({
      samples,
      baseline: baseline.samples,
      budgets: pageBudgets(page),
      fieldInp: field?.page?.metrics.inp?.p75 ?? null,
      fieldLcp: field?.page?.metrics.lcp?.p75 ?? null,
      resources: medianResources(
        done.map((r) => r.resources).filter((r): r is Resources => r !== undefined),
      ),
      measurementChanged: baseline.measurementChanged,
      categories: categoryScores,
      categoryBaseline: categoryScores ? await this.states.categoryBaseline(page.id, check) : {},
    });
    await this.checks.finish(check.id, finishedAt, {
      status: 'done',
      state: done.length === results.length ? 'ok' : 'partial',
      median: medianValues(samples),
      categoryScores,
      filmstrip: shown.filmstrip,
      filmstripMs: shown.filmstripMs,
      insights: shown.insights,
      audits: shown.categories,
      thresholds: labThresholdsOf(shown.lab),
      field: field?.source === 'none' ? null : field,
      regression: judgement.regression,
      reasons: judgement.reasons,
      error: null,
      fingerprintChanged: fingerprintChanged(
        fingerprint,
        await this.states.previousFingerprint(page.id, check),
      ),
    });
    await this.settleReachability(page, trigger);
    // The speed alert of this check's device: its latest good checks against the page's
    // alertAfter, from its state as stored now (the row `page` may be older than this
    // run's first check); settle's compare-and-set keeps another process from alerting too.
    // The other device keeps its own state: its checks alone move it.
    const now = await this.states.pageState(page.id);
    if (!now) return true;
    const latest = await this.states.latestGood(page.id, check.device, now.alertAfter);
    const move = alertTransition(now.alertStates[check.device], latest, now.alertAfter);
    if (move) await this.alerts.settle(move, { ...trigger, reasons: judgement.reasons });
    return true;
  }

  /** Raises 'unreachable' after UNREACHABLE_AFTER failed checks in a row, 'reachable' after. */
  private async settleReachability(page: PageRow, trigger: AlertTrigger): Promise<void> {
    const now = await this.states.pageState(page.id);
    if (!now) return;
    const move = reachabilityTransition(now.unreachable, await this.states.latestFinished(page.id));
    if (!move) return;
    const errors =
      move === 'unreachable' ? await this.states.latestErrors(page.id, UNREACHABLE_AFTER) : [];
    await this.alerts.reach(move, { ...trigger, errors });
  }
}
