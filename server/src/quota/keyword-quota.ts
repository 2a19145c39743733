import { randomUUID } from 'node:crypto';
import { FREE_KEYWORDS_PER_LIST, KEYWORD_REQUESTS_PER_SEARCH } from '@core/keywords/limits';
import { isPaidPlan, type Plan } from '@core/plans';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import type { Clock } from '../shared/clock';
import type { Holder } from '../domain/workspace-access';
import { entitlementsFor } from './plan-limits';
import { monthKey, type Quotas } from './quotas';

export type KeywordCharge =
  | {
      ok: true;
      /** Keywords this request may ask for, after the plan's caps. */
      size: number;
      /** The search this request belongs to; its other requests pass it back. */
      searchId: string;
      /** Gives back what the request was charged, when the source failed. */
      release(): Promise<void>;
    }
  | { ok: false; message: string };

interface Windows {
  perMinute: number;
  perHour: number;
  minute: string;
  hour: string;
}

/**
 * The keyword tool's limits, kept by the server on `/keyword` itself: the monthly keyword
 * quota (charged per keyword asked for) and, on paid plans, the per-minute and per-hour
 * windows, charged once per search with the size of one list, as the original
 * `kwt-rate-limit` call counted it. Every step is one atomic counter statement.
 */
export class KeywordQuota {
  constructor(
    private readonly quotas: Quotas,
    private readonly clock: Clock,
  ) {}

  private windows(plan: Plan, subject: string): Promise<Windows | null> | null {
    if (!isPaidPlan(plan.planId) || !plan.keywordsPerMin || !plan.keywordsPerHour) return null;
    const now = this.clock.now().toISOString();
    const hour = now.slice(0, 13);
    const perHour = plan.keywordsPerHour;
    const perMinute = plan.keywordsPerMin;
    // The original limits: 30 keywords a minute, 31 on the first search of the hour.
    return this.quotas.used(subject, 'kw-hour', hour).then((usedThisHour) => ({
      perMinute: perMinute + (usedThisHour === 0 ? 1 : 0),
      perHour,
      minute: now.slice(0, 16),
      hour,
    }));
  }

  /** The advisory check of `POST /kwt-rate-limit`: would `amount` keywords be allowed now? */
  async check(holder: Holder, amount: number): Promise<string | null> {
    const { plan, monthlyLimit } = entitlementsFor(holder);
    if ((await this.quotas.used(holder.id, 'keywords')) >= monthlyLimit('keywords')) {
      return QUOTA_MESSAGES.monthlySearchLimit;
    }
    const w = await this.windows(plan, holder.id);
    if (!w) return null;
    if ((await this.quotas.used(holder.id, 'kw-hour', w.hour)) + amount > w.perHour) {
      return QUOTA_MESSAGES.keywordsPerHour;
    }
    if ((await this.quotas.used(holder.id, 'kw-minute', w.minute)) + amount > w.perMinute) {
      return QUOTA_MESSAGES.keywordsPerMinute;
    }
    return null;
  }

  /** Charges one `/keyword` request of `asked` keywords. */
  async charge(holder: Holder, asked: number, searchId?: string): Promise<KeywordCharge> {
    const { plan, monthlyLimit } = entitlementsFor(holder);
    const subject = holder.id;
    let size = isPaidPlan(plan.planId) ? asked : Math.min(asked, FREE_KEYWORDS_PER_LIST);

    const limit = monthlyLimit('keywords');
    // The month charged is the one given back, even when the request ends in the next.
    const month = monthKey(this.clock.now());
    if (!(await this.quotas.consume(subject, 'keywords', limit, size, month))) {
      // Fewer keywords left than asked: the request gets what is left.
      size = limit - (await this.quotas.used(subject, 'keywords', month));
      if (size <= 0 || !(await this.quotas.consume(subject, 'keywords', limit, size, month))) {
        return { ok: false, message: QUOTA_MESSAGES.monthlySearchLimit };
      }
    }
    const refundMonth = () => this.quotas.refund(subject, 'keywords', size, month);

    const hour = this.clock.now().toISOString().slice(0, 13);
    const joined = searchId ? await this.join(subject, searchId, hour) : false;
    const id = joined && searchId ? searchId : randomUUID();
    let refundWindows = async () => {};
    if (!joined) {
      const w = await this.windows(plan, subject);
      if (w) {
        if (!(await this.quotas.consume(subject, 'kw-hour', w.perHour, size, w.hour))) {
          await refundMonth();
          return { ok: false, message: QUOTA_MESSAGES.keywordsPerHour };
        }
        if (!(await this.quotas.consume(subject, 'kw-minute', w.perMinute, size, w.minute))) {
          await this.quotas.refund(subject, 'kw-hour', size, w.hour);
          await refundMonth();
          return { ok: false, message: QUOTA_MESSAGES.keywordsPerMinute };
        }
        refundWindows = async () => {
          await this.quotas.refund(subject, 'kw-hour', size, w.hour);
          await this.quotas.refund(subject, 'kw-minute', size, w.minute);
        };
      }
      await this.quotas.consume(
        searchKey(subject, id),
        'kw-search',
        KEYWORD_REQUESTS_PER_SEARCH,
        1,
        hour,
      );
    }
    return {
      ok: true,
      size,
      searchId: id,
      release: async () => {
        await refundMonth();
        await refundWindows();
        // A failed request is none of the search's requests either.
        await this.quotas.refund(searchKey(subject, id), 'kw-search', 1, hour);
      },
    };
  }

  /**
   * A search's variation and related requests join the search its category request opened,
   * so the windows count the search once; an unknown or used-up id opens a new search.
   */
  private async join(subject: string, searchId: string, hour: string): Promise<boolean> {
    const key = searchKey(subject, searchId);
    if ((await this.quotas.used(key, 'kw-search', hour)) === 0) return false;
    return this.quotas.consume(key, 'kw-search', KEYWORD_REQUESTS_PER_SEARCH, 1, hour);
  }

  /** Whether this user opened the search this hour: its ideas may be looked into further. */
  async opened(subject: string, searchId: string): Promise<boolean> {
    const hour = this.clock.now().toISOString().slice(0, 13);
    return (await this.quotas.used(searchKey(subject, searchId), 'kw-search', hour)) > 0;
  }

  /**
   * The drawer's top results are paid for by the keyword search they belong to: up to
   * PREVIEWS_PER_SEARCH lookups for a search of this user opened this hour.
   */
  async preview(subject: string, searchId: string): Promise<boolean> {
    if (!(await this.opened(subject, searchId))) return false;
    const hour = this.clock.now().toISOString().slice(0, 13);
    return this.quotas.consume(
      searchKey(subject, searchId),
      'kw-preview',
      PREVIEWS_PER_SEARCH,
      1,
      hour,
    );
  }
}

/** Enough for a drawer on most cards of a search. */
const PREVIEWS_PER_SEARCH = 40;

/** Counter subject of one search (the columns' widths fit a user id and a UUID here). */
const searchKey = (subject: string, searchId: string) => `${subject}:${searchId}`;
