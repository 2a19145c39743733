import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { RANK_TRACKING_MESSAGES } from '@core/messages';
import { rankCheckSchema, type RankCheck, type RankKeyword } from '@core/schemas/rank-tracking';
import type { Clock } from '../shared/clock';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { Conflict, Unavailable } from '../domain/errors';
import type { JobWorker, Jobs } from '../jobs';
import { enqueueTo, serveQueue, type Queue } from '../jobs/queue';
import type { HostPace } from '../politeness';
import type { EmailSender } from '../providers/email';
import type { SerpProvider } from '../providers/serp/port';
import { RowLeases } from '../shared/leases';
import { dueAfterManualRun, nextDue } from '../shared/schedule';
import type { WebhookDeliveries } from '../shared/webhooks/webhook-deliveries';
import { checkKeyword, type ProviderPace } from './check-keyword';
import { COMPARABLE_STATES, RankAlertSender } from './rank-alerts';
import type { KeywordDataProvider } from '../providers/keyword-data/port';
import { RankVisibilityReport } from './rank-visibility';
import { RankChecks } from './rank-checks';
import { keywordFields, RankKeywords, type RankKeywordRow } from './rank-keywords';
import { SUMMARY_DAYS, summarize, type CheckPoint } from './rank-summary';

const rankCheckJobSchema = z.object({ keywordId: z.string() });
type RankCheckJob = z.infer<typeof rankCheckJobSchema>;

/** Keywords' scheduled daily checks: RANK_CONCURRENCY at a time per process serving them. */
export const rankChecksQueue: Queue<RankCheckJob, null> = {
  name: 'rank-checks',
  data: rankCheckJobSchema,
  result: z.null(),
  concurrency: (config) => config.RANK_CONCURRENCY,
  priority: 'scheduled',
};

/**
 * A check that fails is a state of its own, stored and never retried by the queue (the
 * next day's check comes anyway); the time limit guards against a hang.
 */
const RANK_JOB_OPTIONS = { attempts: 1, backoff: { delayMs: 0 }, timeoutMs: 30 * 60_000 };

/**
 * A lease outlives several heartbeats (a third of it) and ticks, so only a stopped process
 * loses one (or a check that waited that long in the queue: the keyword is queued again,
 * and of the two jobs the one holding the lease when it starts runs).
 */
const leaseMs = (tickSeconds: number) => Math.max(5 * 60_000, 5 * tickSeconds * 1000);

export interface RankTrackingDeps {
  db: Db;
  clock: Clock;
  config: Pick<
    Config,
    'PUBLIC_URL' | 'RANK_CONCURRENCY' | 'RANK_PROVIDER_GAP_MS' | 'TRACKING_TICK_SECONDS'
  >;
  jobs: Jobs;
  /** The SERP chain in failover order (the sandbox index alone without a key). */
  serpChain: readonly SerpProvider[];
  /** Shared with crawls: vendors are booked under their own keys. */
  pace: HostPace;
  email: EmailSender;
  webhooks: WebhookDeliveries;
  /** Volumes for visibility's traffic ('none': traffic is unknown). */
  keywordData: KeywordDataProvider;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/**
 * Rank tracking: keywords, their checks on the SERP chain, the daily schedule and the
 * alerts. A check runs under the keyword's lease (in its row), so no two processes check
 * one keyword at once; the scheduler claims due keywords and queues their checks on
 * `rank-checks`, which the app serves itself, or `npm run worker` processes in scale-out
 * mode. Due times are each keyword's daily slot, hashed from its id (tracking's
 * schedule), so a thousand keywords spread over the day.
 */
export class RankTracking {
  readonly keywords: RankKeywords;
  readonly checks: RankChecks;
  readonly visibility: RankVisibilityReport;
  private readonly alerts: RankAlertSender;
  private readonly leases: RowLeases<'rank_keywords'>;
  private readonly workers: JobWorker[] = [];

  constructor(private readonly deps: RankTrackingDeps) {
    this.keywords = new RankKeywords(deps.db, deps.clock);
    this.checks = new RankChecks(deps.db);
    this.visibility = new RankVisibilityReport(deps.db, deps.clock, deps.keywordData, deps.log);
    this.alerts = new RankAlertSender(deps.db, deps.config, deps.email, deps.webhooks, deps.log);
    this.leases = new RowLeases(deps.db, deps.clock, leaseMs(deps.config.TRACKING_TICK_SECONDS), {
      table: 'rank_keywords',
      dueColumn: 'next_check_at',
      due: (eb, now) => eb('next_check_at', '<=', now),
    });
  }

  /** Whether positions come from the sandbox web: no vendor key is set. */
  get sandboxOnly(): boolean {
    return this.deps.serpChain.every((provider) => provider.source === 'sandbox');
  }

  /** Waits for the vendor's next turn; the sandbox index is local and never waits. */
  private readonly pace: ProviderPace = async (source) => {
    const gap = this.deps.config.RANK_PROVIDER_GAP_MS;
    if (source === 'sandbox' || gap === 0) return;
    const wait = await this.deps.pace.book(`serp-provider:${source}`, gap);
    if (wait > 0) await sleep(wait);
  };

  /** The workspace's keywords as the list shows them, with their figures. */
  async list(workspaceId: string): Promise<RankKeyword[]> {
    const now = this.deps.clock.now();
    const since = new Date(now.getTime() - SUMMARY_DAYS * 86_400_000).toISOString();
    const rows = await this.keywords.list(workspaceId);
    const { latest, recent } = await this.checks.forList(
      workspaceId,
      rows.map((row) => row.id),
      since,
    );
    return rows.map((row) =>
      this.present(row, latest.get(row.id) ?? null, recent.get(row.id), now),
    );
  }

  /** One keyword as the list shows it. */
  async one(row: RankKeywordRow): Promise<RankKeyword> {
    const now = this.deps.clock.now();
    const recent = await this.checks.history(row.id, SUMMARY_DAYS, now);
    const latest = recent.at(-1) ?? (await this.checks.latest(row.id));
    return this.present(row, latest, recent, now);
  }

  private present(
    row: RankKeywordRow,
    latest: RankCheck | null,
    recent: readonly CheckPoint[] = [],
    now: Date,
  ): RankKeyword {
    return {
      ...keywordFields(row),
      latest,
      ...summarize(recent, now),
      best:
        row.best_position !== null && row.best_at !== null
          ? { position: row.best_position, checkedAt: row.best_at }
          : null,
      sandbox: latest ? latest.provider === 'sandbox' : this.sandboxOnly,
    };
  }

  /** Checks the keyword on the chain, stores the check and sends its alert. */
  private async runCheck(row: RankKeywordRow): Promise<RankCheck> {
    const fields = keywordFields(row);
    const record = await checkKeyword(this.deps.serpChain, fields, {
      pace: this.pace,
      now: () => this.deps.clock.now(),
    });
    // What the API shows of it: the top ten stays in the table.
    const check = rankCheckSchema.parse(record);
    await this.checks.record(row.id, record);
    if ((COMPARABLE_STATES as readonly string[]).includes(check.state)) {
      const previous = await this.checks.previous(row.id, check.checkedAt, COMPARABLE_STATES);
      await this.alerts.judge(row.workspace_id, fields, previous, check);
    }
    return check;
  }

  /**
   * 'Check now' (the route has charged a search): under the keyword's lease, in this
   * request; the schedule's next check comes a day after it. A 409 while another check of
   * the keyword runs.
   */
  async checkNow(workspaceId: string, id: string): Promise<RankCheck> {
    const row = await this.keywords.own(workspaceId, id);
    if (this.deps.serpChain.length === 0) throw new Unavailable(RANK_TRACKING_MESSAGES.noProvider);
    const owner = crypto.randomUUID();
    if (!(await this.leases.claim(id, owner, false))) {
      throw new Conflict(RANK_TRACKING_MESSAGES.busy);
    }
    const startedAt = this.deps.clock.now();
    try {
      const check = await this.runCheck(row);
      await this.leases.release(id, owner, dueAfterManualRun(startedAt, 'daily').toISOString());
      return check;
    } catch (error) {
      await this.leases.release(id, owner).catch(() => undefined);
      throw error;
    }
  }

  /** Ids of keywords due by now whose lease is free, the longest due first. */
  findDue(limit: number): Promise<string[]> {
    return this.leases.findDue(limit);
  }

  /**
   * One pass of the scheduler: claims due keywords and queues their checks, keeping at
   * most twice RANK_CONCURRENCY checks waiting or running in the queue (wherever served),
   * so a day's batch waits in the table, not in the queue.
   */
  async tick(): Promise<number> {
    const { jobs, config } = this.deps;
    const stats = await jobs.stats(rankChecksQueue.name);
    const room = 2 * config.RANK_CONCURRENCY - stats.waiting - stats.active;
    if (room <= 0) return 0;
    let queued = 0;
    for (const keywordId of await this.findDue(room * 2)) {
      if (queued === room) break;
      const jobId = crypto.randomUUID();
      if (!(await this.leases.claim(keywordId, jobId, true))) continue;
      try {
        await enqueueTo(jobs, rankChecksQueue, { keywordId }, { ...RANK_JOB_OPTIONS, jobId });
      } catch (error) {
        await this.leases.release(keywordId, jobId);
        throw error;
      }
      queued++;
    }
    return queued;
  }

  /**
   * A scheduled check's job: it holds the lease the scheduler took for it (claimed again,
   * so a duplicate job of a keyword checked meanwhile is skipped) and renews it while the
   * check runs; the keyword's next check is its next daily slot. Not metered: the plan's
   * number of keywords is the allowance.
   */
  async runScheduled(keywordId: string, owner: string): Promise<void> {
    if (!(await this.leases.claim(keywordId, owner, true))) return;
    const heartbeat = setInterval(
      () => void this.leases.renew(keywordId, owner).catch(() => undefined),
      this.leases.ttlMs / 3,
    );
    heartbeat.unref();
    const startedAt = this.deps.clock.now();
    try {
      const row = await this.keywords.byId(keywordId);
      if (!row) return;
      await this.runCheck(row);
      await this.leases.release(
        keywordId,
        owner,
        nextDue(startedAt, keywordId, 'daily').toISOString(),
      );
    } catch (error) {
      this.deps.log.error({ err: error, keywordId }, 'rank check failed');
      await this.leases.release(keywordId, owner).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Runs scheduled checks' jobs here, `concurrency` at once. */
  serve(concurrency: number): void {
    if (concurrency <= 0) return;
    this.workers.push(
      serveQueue(this.deps.jobs, rankChecksQueue, concurrency, async (job) => {
        await this.runScheduled(job.data.keywordId, job.id);
        return null;
      }),
    );
  }

  /**
   * Stops taking checks. One cut short keeps its lease until it expires, then the keyword
   * is due again; nothing of it was stored.
   */
  async stop(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((worker) => worker.close({ force: true })));
  }
}
