import { medianOfScores, type CategoryScores } from '@core/lighthouse-categories';
import { categoryScoresOf } from './checks';
import {
  UNREACHABLE_AFTER,
  type RunFingerprint,
  type TrackingDevice,
} from '@core/schemas/tracking';
import type { RunErrorKind, RunResult } from '@core/speed';
import type { Db } from '../db/connect';
import { labColumns } from './checks';
import {
  BASELINE_CHECKS,
  type BaselineCheck,
  type FinishedState,
  type JudgedCheck,
} from './regression';

/** Failures on SpeedRank's side: no browser here, or PageSpeed Insights refused (quota, key). */
const LAB_SIDE: readonly RunErrorKind[] = ['browser_missing', 'provider'];
/** Finished checks read for the reachability rule: lab-side failures are skipped over. */
const REACHABILITY_WINDOW = UNREACHABLE_AFTER * 4;

const GOOD_STATES = ['ok', 'partial'] as const;

interface CheckRef {
  id: string;
  device: TrackingDevice;
  startedAt: string;
}

const parseFingerprint = (json: string | null) =>
  json ? (JSON.parse(json) as RunFingerprint) : null;

/**
 * What the check runner reads of a page's earlier checks to judge a new one and to decide
 * its alerts: the pooled baseline, the previous fingerprint, the latest good
 * checks of a device, the latest finished checks of the page. Failed checks (state
 * 'failed') count only for reachability; skipped and interrupted ones (no state) for nothing.
 */
export class CheckStates {
  constructor(private readonly db: Db) {}

  /**
   * The ids of the page's latest `limit` good checks on the device of `check` before it
   * (`check` itself left out), newest first; without the regressions among them unless
   * `regressions`.
   */
  private goodChecksBefore(
    pageId: string,
    check: CheckRef,
    limit: number,
    { regressions }: { regressions: boolean },
  ): Promise<{ id: string }[]> {
    return this.db.kysely
      .selectFrom('tracking_checks')
      .select('id')
      .where('page_id', '=', pageId)
      .where('device', '=', check.device)
      .where('state', 'in', GOOD_STATES)
      .$if(!regressions, (query) => query.where('regression', '=', 0))
      .where('started_at', '<=', check.startedAt)
      .where('id', '!=', check.id)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * The page's latest `limit` finished checks (with a state: not skipped nor interrupted),
   * newest first; only the good ones on the device `goodOn` when given.
   */
  private latestChecks(pageId: string, limit: number, { goodOn }: { goodOn?: TrackingDevice }) {
    return this.db.kysely
      .selectFrom('tracking_checks')
      .select(['id', 'state', 'regression'])
      .where('page_id', '=', pageId)
      .$if(goodOn === undefined, (query) => query.where('state', 'is not', null))
      .$if(goodOn !== undefined, (query) =>
        query.where('device', '=', goodOn!).where('state', 'in', GOOD_STATES),
      )
      .orderBy('started_at', 'desc')
      .orderBy('finished_at', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * The page's last BASELINE_CHECKS good checks on the device of `check` before it that
   * were not regressions themselves (so a slowdown stays one until it recovers), newest
   * first, each with its good samples from `source` (never local against PSI) and its
   * fingerprint (its first good sample's).
   */
  async baseline(
    pageId: string,
    check: CheckRef,
    source: RunResult['source'],
  ): Promise<BaselineCheck[]> {
    const checks = await this.goodChecksBefore(pageId, check, BASELINE_CHECKS, {
      regressions: false,
    });
    if (checks.length === 0) return [];
    const rows = await this.db.kysely
      .selectFrom('tracking_samples')
      .selectAll()
      .where(
        'check_id',
        'in',
        checks.map((c) => c.id),
      )
      .where('source', '=', source)
      .where('error', 'is', null)
      .orderBy('check_id')
      .orderBy('sample')
      .execute();
    return checks
      .map(({ id }) => {
        const mine = rows.filter((row) => row.check_id === id);
        return {
          fingerprint: parseFingerprint(mine.find((row) => row.fingerprint)?.fingerprint ?? null),
          samples: mine.map(labColumns),
        };
      })
      .filter((c) => c.samples.length > 0);
  }

  /** The fingerprint of the device's previous good check before `check`; null when unknown. */
  /**
   * Each category's median score over the device's last BASELINE_CHECKS good checks that
   * were not regressions (those that measured it): what a drop is judged against, so that
   * a drop stays one until the page recovers, as a metric's regression does.
   */
  async categoryBaseline(pageId: string, check: CheckRef): Promise<CategoryScores> {
    const checks = await this.goodChecksBefore(pageId, check, BASELINE_CHECKS, {
      regressions: false,
    });
    if (checks.length === 0) return {};
    const rows = await this.db.kysely
      .selectFrom('tracking_checks')
      .select('category_scores')
      .where(
        'id',
        'in',
        checks.map((c) => c.id),
      )
      .execute();
    return medianOfScores(rows.map((row) => categoryScoresOf(row.category_scores)));
  }

  async previousFingerprint(pageId: string, check: CheckRef): Promise<RunFingerprint | null> {
    const [previous] = await this.goodChecksBefore(pageId, check, 1, { regressions: true });
    if (!previous) return null;
    const sample = await this.db.kysely
      .selectFrom('tracking_samples')
      .select('fingerprint')
      .where('check_id', '=', previous.id)
      .where('fingerprint', 'is not', null)
      .orderBy('sample')
      .limit(1)
      .executeTakeFirst();
    return parseFingerprint(sample?.fingerprint ?? null);
  }

  /** The page's alert states as stored now; undefined once the page is deleted. */
  async pageState(pageId: string): Promise<
    | {
        alertStates: Record<TrackingDevice, 'ok' | 'regression'>;
        unreachable: boolean;
        alertAfter: number;
      }
    | undefined
  > {
    const row = await this.db.kysely
      .selectFrom('tracked_pages')
      .select(['mobile_alert_state', 'desktop_alert_state', 'unreachable', 'alert_after'])
      .where('id', '=', pageId)
      .executeTakeFirst();
    return (
      row && {
        alertStates: { mobile: row.mobile_alert_state, desktop: row.desktop_alert_state },
        unreachable: row.unreachable === 1,
        alertAfter: row.alert_after,
      }
    );
  }

  /** Whether each of the device's latest `count` good checks was a regression, newest first. */
  async latestGood(pageId: string, device: TrackingDevice, count: number): Promise<JudgedCheck[]> {
    const rows = await this.latestChecks(pageId, count, { goodOn: device });
    return rows.map((row) => ({ regression: row.regression === 1 }));
  }

  /** The page's latest finished checks of any device, newest first, as reachability reads them. */
  async latestFinished(pageId: string): Promise<FinishedState[]> {
    const rows = await this.latestChecks(pageId, REACHABILITY_WINDOW, {});
    const failed = rows.filter((row) => row.state === 'failed').map((row) => row.id);
    const kinds = failed.length
      ? await this.db.kysely
          .selectFrom('tracking_samples')
          .select(['check_id', 'error_kind'])
          .where('check_id', 'in', failed)
          .execute()
      : [];
    return rows.map((row) => ({
      state: row.state!,
      labSide:
        row.state === 'failed' &&
        kinds
          .filter((k) => k.check_id === row.id)
          .every((k) => LAB_SIDE.includes(k.error_kind as RunErrorKind)),
    }));
  }

  /** The first sample error of each of the page's latest failed checks, for the alert's text. */
  async latestErrors(pageId: string, count: number): Promise<string[]> {
    const rows = await this.db.kysely
      .selectFrom('tracking_checks as c')
      .innerJoin('tracking_samples as s', 's.check_id', 'c.id')
      .select(['c.id', 'c.device', 's.sample', 's.error'])
      .where('c.page_id', '=', pageId)
      .where('c.state', '=', 'failed')
      .where('s.sample', '=', 1)
      .orderBy('c.started_at', 'desc')
      .orderBy('c.finished_at', 'desc')
      .limit(count)
      .execute();
    return rows.map((row) => `${row.device}: ${row.error ?? 'failed'}`);
  }
}
