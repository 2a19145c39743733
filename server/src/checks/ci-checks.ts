import crypto from 'node:crypto';
import {
  budgetCategories,
  budgetInputSchema,
  budgetLimitsFor,
  type BudgetInput,
} from '@core/budgets/budget';
import type { Entitlements } from '@core/entitlements';
import { CHECK_MESSAGES } from '@core/messages';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import {
  CHECKS_PER_PAGE,
  checkRefSchema,
  type Check,
  type CheckPage,
  type CheckSummary,
  type createCheckBodySchema,
} from '@core/schemas/checks';
import { SPEED_ERROR_CODES } from '@core/speed';
import type { z } from 'zod';
import type { Db } from '../db/connect';
import type { CiChecksTable } from '../db/schema';
import { QuotaExceeded } from '../domain/errors';
import { requireSamples } from '../domain/plan-refusals';
import { vetOrRefuse } from '../domain/url-refusals';
import type { SafeFetchOptions } from '../http/safe-fetch';
import type { Charge } from '../quota/quotas';
import type { Clock } from '../shared/clock';
import type { SpeedSamples } from '../speed/speed-samples';
import { refuseUnlessSamplesRun } from '../speed/speed-test-start';
import type { SpeedTests } from '../speed/speed-tests';
import { CheckStates } from '../tracking/check-states';
import { pooledBaseline } from '../tracking/regression';
import { judgePage, verdictOf, type PageHistory, type PageRuns } from './judge-page';

/** Who runs a check: the workspace whose allowance pays and keeps it, and the person. */
export interface CheckStarter {
  /** Whose quota pays (quotaHolder's subject). */
  subject: string;
  workspaceId: string;
  userId: string;
  tokenName: string | null;
  entitlements: Entitlements;
  /** Takes `uses` speed tests of the month at once; null when they are not all left. */
  charge(uses: number): Promise<Charge | null>;
}

type Row = { by_name: string | null } & Pick<
  CiChecksTable,
  | 'id'
  | 'workspace_id'
  | 'device'
  | 'samples'
  | 'compare_with'
  | 'budget'
  | 'ref'
  | 'pages'
  | 'verdict'
  | 'result'
  | 'token_name'
  | 'created_at'
  | 'finished_at'
>;

const parsedRef = (json: string | null) => (json ? checkRefSchema.parse(JSON.parse(json)) : null);
const parsedBudget = (json: string | null) =>
  json ? budgetInputSchema.parse(JSON.parse(json)) : null;

/**
 * CI checks of a workspace. Starting one refuses before anything runs (no lab, a URL the
 * guard refuses, more samples than the plan runs, too few speed tests left for every URL),
 * charges one speed test per URL at once, and queues each URL's samples as a speed test of
 * the workspace. Reading one judges it once its runs ended (budget limits on the medians,
 * the change against the tracked page's recent checks) and keeps that judgement.
 */
export class CiChecks {
  private readonly states: CheckStates;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly speed: SpeedSamples,
    private readonly tests: SpeedTests,
    private readonly pageFetch: SafeFetchOptions,
  ) {
    this.states = new CheckStates(db);
  }

  async start(
    body: z.output<typeof createCheckBodySchema>,
    starter: CheckStarter,
  ): Promise<{ id: string }> {
    await refuseUnlessSamplesRun(this.speed);
    const urls: string[] = [];
    for (const url of body.urls)
      urls.push((await vetOrRefuse(url, this.pageFetch, 'speed')).toString());
    requireSamples(starter.entitlements, body.samples, 'speed');
    const charge = await starter.charge(urls.length);
    if (!charge)
      throw new QuotaExceeded(QUOTA_MESSAGES.monthlyTestLimit, SPEED_ERROR_CODES.monthlyLimit);
    const pages: PageRuns[] = [];
    // A budget's minimum category scores are measured with every sample.
    const categories = budgetCategories(body.budget);
    try {
      for (const url of urls) {
        const testId = await this.tests.open(
          starter.subject,
          starter.workspaceId,
          url,
          body.samples,
          charge.counter.period,
        );
        const page: PageRuns = { url, testId, runIds: [] };
        pages.push(page);
        for (let sample = 1; sample <= body.samples; sample++) {
          page.runIds.push(
            await this.speed.start({ testId, url, strategy: body.device, sample, categories }),
          );
        }
      }
    } catch (error) {
      // Not all queued: nothing of the check runs, nothing is paid, and no test of it stays
      // in the workspace's history.
      await Promise.all(pages.flatMap((page) => page.runIds.map((id) => this.speed.cancel(id))));
      await this.tests.discard(pages.map((page) => page.testId));
      await charge.refund();
      throw error;
    }
    const id = crypto.randomUUID();
    await this.db.kysely
      .insertInto('ci_checks')
      .values({
        id,
        workspace_id: starter.workspaceId,
        user_id: starter.userId,
        token_name: starter.tokenName,
        device: body.device,
        samples: body.samples,
        compare_with: body.compareWith,
        budget: body.budget ? JSON.stringify(body.budget) : null,
        ref: body.ref ? JSON.stringify(body.ref) : null,
        pages: JSON.stringify(pages),
        verdict: null,
        result: null,
        created_at: this.clock.now().toISOString(),
        finished_at: null,
      })
      .execute();
    return { id };
  }

  /** The workspace's check, judged once its runs ended; null when it has no such check. */
  async read(id: string, workspaceId: string): Promise<Check | null> {
    const row = await this.withNames()
      .where('c.id', '=', id)
      .where('c.workspace_id', '=', workspaceId)
      .executeTakeFirst();
    if (!row) return null;
    if (row.result) return this.shaped(row, JSON.parse(row.result) as CheckPage[]);
    const budget = parsedBudget(row.budget);
    const runs = JSON.parse(row.pages) as PageRuns[];
    const pages: CheckPage[] = [];
    for (const page of runs) {
      const statuses = await Promise.all(page.runIds.map((runId) => this.speed.get(runId)));
      const history =
        row.compare_with === 'tracked' ? await this.history(workspaceId, page.url, row) : null;
      pages.push(
        judgePage(page, statuses, budget ? budgetLimitsFor(budget, page.url) : [], history),
      );
    }
    if (pages.some((page) => page.status === 'running')) return this.shaped(row, pages);
    const finishedAt = this.clock.now().toISOString();
    const { verdict } = verdictOf(pages);
    // The first reader to see every run ended keeps the judgement; a later one reads it.
    await this.db.kysely
      .updateTable('ci_checks')
      .set({ verdict, result: JSON.stringify(pages), finished_at: finishedAt })
      .where('id', '=', id)
      .where('finished_at', 'is', null)
      .execute();
    return this.shaped({ ...row, finished_at: finishedAt }, pages);
  }

  /** The workspace's checks, newest first, CHECKS_PER_PAGE at a time. */
  async list(
    workspaceId: string,
    before?: string,
  ): Promise<{ checks: CheckSummary[]; next: string | null }> {
    const anchor = before
      ? await this.db.kysely
          .selectFrom('ci_checks')
          .select(['created_at', 'id'])
          .where('id', '=', before)
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirst()
      : undefined;
    const rows = await this.withNames()
      .where('c.workspace_id', '=', workspaceId)
      .$if(anchor !== undefined, (query) =>
        query.where((eb) =>
          eb.or([
            eb('c.created_at', '<', anchor!.created_at),
            eb.and([eb('c.created_at', '=', anchor!.created_at), eb('c.id', '<', anchor!.id)]),
          ]),
        ),
      )
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(CHECKS_PER_PAGE + 1)
      .execute();
    const shown = rows.slice(0, CHECKS_PER_PAGE);
    return {
      checks: shown.map((row) => ({
        id: row.id,
        status: row.finished_at ? 'done' : 'running',
        verdict: row.verdict,
        device: row.device,
        samples: row.samples,
        ref: parsedRef(row.ref),
        by: { name: row.by_name, token: row.token_name },
        createdAt: row.created_at,
        finishedAt: row.finished_at,
        urls: (JSON.parse(row.pages) as PageRuns[]).map((page) => page.url),
      })),
      next: rows.length > CHECKS_PER_PAGE ? shown.at(-1)!.id : null,
    };
  }

  /** Checks with the name of who ran them (their email without one; null once deleted). */
  private withNames() {
    return this.db.kysely
      .selectFrom('ci_checks as c')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select((eb) =>
        eb.fn
          .coalesce(eb.fn<string | null>('nullif', ['u.name', eb.val('')]), 'u.email')
          .as('by_name'),
      );
  }

  /** The recent good samples of the workspace's tracked page of `url` on the check's device. */
  private async history(
    workspaceId: string,
    url: string,
    row: Pick<Row, 'device' | 'created_at' | 'id'>,
  ): Promise<PageHistory> {
    const tracked = await this.db.kysely
      .selectFrom('tracked_pages')
      .select(['id', 'devices'])
      .where('workspace_id', '=', workspaceId)
      .where('url', '=', url)
      .executeTakeFirst();
    if (!tracked || !tracked.devices.split(',').includes(row.device))
      return { note: CHECK_MESSAGES.noTrackedPage };
    const checks = await this.states.baseline(
      tracked.id,
      { id: row.id, device: row.device, startedAt: row.created_at },
      this.speed.source,
    );
    const { samples } = pooledBaseline(null, checks);
    return samples.length
      ? { trackedPageId: tracked.id, samples }
      : { note: CHECK_MESSAGES.noHistory };
  }

  private shaped(row: Row, pages: CheckPage[]): Check {
    const done = row.finished_at !== null && pages.every((page) => page.status !== 'running');
    const judged = done ? verdictOf(pages) : null;
    return {
      id: row.id,
      workspaceId: row.workspace_id,
      status: done ? 'done' : 'running',
      verdict: judged?.verdict ?? null,
      budgetKept: judged?.budgetKept ?? null,
      regressed: judged?.regressed ?? null,
      device: row.device,
      samples: row.samples,
      compareWith: row.compare_with,
      budget: parsedBudget(row.budget) as BudgetInput | null,
      ref: parsedRef(row.ref),
      by: { name: row.by_name, token: row.token_name },
      createdAt: row.created_at,
      finishedAt: done ? row.finished_at : null,
      pages,
      runIds: pages.flatMap((page) => page.runIds),
    };
  }
}
