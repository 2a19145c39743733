import type { FastifyBaseLogger } from 'fastify';
import { RANK_TRACKING_MESSAGES as M } from '@core/messages';
import {
  competitorsFound,
  CTR_CURVE,
  visibilityOf,
  type KeywordTopTen,
} from '@core/rank-tracking/visibility';
import {
  COMPETITORS_FOUND_MAX,
  type CompetitorsFound,
  type RankVisibility,
} from '@core/schemas/rank-visibility';
import type { Db } from '../db/connect';
import type { KeywordDataProvider } from '../providers/keyword-data/port';
import type { Clock } from '../shared/clock';
import type { RankTopResult } from './rank-checks';
import { keywordFields, type RankKeywordFields } from './rank-keywords';

const DAY_MS = 86_400_000;
/** Competitors are found in each keyword's latest check of this many days. */
const FOUND_DAYS = 7;
/** Volumes change monthly: a set's are asked again after a day. */
const VOLUMES_MS = DAY_MS;
const VOLUME_SETS_KEPT = 200;

const dateOf = (iso: string) => iso.slice(0, 10);

interface Volumes {
  /** Each keyword's monthly searches by its id; null: the source has none for it. */
  byId: Map<string, number | null>;
  source: RankVisibility['volumeSource'];
  note: string | null;
}

/**
 * Visibility and share of voice of a workspace's keywords (or those of a tag), a point a
 * day, and the competitors found in their top ten: read off the top ten each check keeps,
 * weighted by the click-through curve of core/rank-tracking/visibility.ts. A keyword counts
 * on a day only when that day's check read its first page: a failed or missing check is
 * unknown, never "not ranking". Traffic needs every volume: it asks the keyword data
 * source (once a day a set) and is '-' without one.
 */
export class RankVisibilityReport {
  private readonly volumes = new Map<string, { at: number; volumes: Volumes }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly keywordData: KeywordDataProvider,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  private async keywordsOf(workspaceId: string, tag: string | undefined) {
    const rows = await this.db.kysely
      .selectFrom('rank_keywords')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(keywordFields).filter((k) => tag === undefined || k.tags.includes(tag));
  }

  /**
   * The last check of each keyword's day since `since` that read a first page (the one a
   * day's figures read), in no order, its top ten parsed; the others are not parsed.
   */
  private async topTens(keywordIds: readonly string[], since: string, before?: string) {
    const lastOfDay = new Map<string, { keywordId: string; checkedAt: string; json: string }>();
    for (let i = 0; i < keywordIds.length; i += 500) {
      const rows = await this.db.kysely
        .selectFrom('rank_checks')
        .select(['keyword_id', 'checked_at', 'top_results'])
        .where('keyword_id', 'in', keywordIds.slice(i, i + 500))
        .where('checked_at', '>=', since)
        .$if(before !== undefined, (q) => q.where('checked_at', '<', before!))
        .where('top_results', 'is not', null)
        .execute();
      for (const row of rows) {
        const key = `${row.keyword_id} ${dateOf(row.checked_at)}`;
        const kept = lastOfDay.get(key);
        if (!kept || kept.checkedAt < row.checked_at) {
          lastOfDay.set(key, {
            keywordId: row.keyword_id,
            checkedAt: row.checked_at,
            json: row.top_results!,
          });
        }
      }
    }
    return [...lastOfDay.values()].map(({ keywordId, checkedAt, json }) => ({
      keywordId,
      checkedAt,
      top: JSON.parse(json) as RankTopResult[],
    }));
  }

  /** The `days` UTC days up to the day of `until` (today by default), a point each. */
  async visibility(
    workspaceId: string,
    days: number,
    tag?: string,
    until = this.clock.now(),
  ): Promise<RankVisibility> {
    const keywords = await this.keywordsOf(workspaceId, tag);
    const dates = Array.from({ length: days }, (_, i) =>
      dateOf(new Date(until.getTime() - (days - 1 - i) * DAY_MS).toISOString()),
    );
    const lastDayEnd = new Date(Date.parse(`${dates.at(-1)}T00:00:00.000Z`) + DAY_MS);
    // Each keyword's last check of each day.
    const byDay = new Map<string, Map<string, RankTopResult[]>>();
    for (const check of await this.topTens(
      keywords.map((k) => k.id),
      `${dates[0]}T00:00:00.000Z`,
      lastDayEnd.toISOString(),
    )) {
      const day = byDay.get(dateOf(check.checkedAt)) ?? new Map<string, RankTopResult[]>();
      day.set(check.keywordId, check.top);
      byDay.set(dateOf(check.checkedAt), day);
    }
    const tracked = [...new Set(keywords.map((k) => k.domain))];
    const competitors = [...new Set(keywords.flatMap((k) => k.competitors))].filter(
      (domain) => !tracked.includes(domain),
    );
    const volumes = await this.volumesOf(keywords);
    const domains = [...tracked, ...competitors];
    return {
      curve: { source: CTR_CURVE.source, url: CTR_CURVE.url, ctr: [...CTR_CURVE.ctr] },
      volumeSource: volumes.source,
      volumeNote: volumes.note,
      tag: tag ?? null,
      keywords: keywords.length,
      domains: domains.map((domain) => ({ domain, tracked: tracked.includes(domain) })),
      points: dates.map((date) => {
        const known = topTensOf(keywords, byDay.get(date), volumes);
        return { date, known: known.length, figures: visibilityOf(known, domains) };
      }),
    };
  }

  async competitorsFound(workspaceId: string, tag?: string): Promise<CompetitorsFound> {
    const keywords = await this.keywordsOf(workspaceId, tag);
    const since = new Date(this.clock.now().getTime() - FOUND_DAYS * DAY_MS).toISOString();
    const latest = new Map<string, { checkedAt: string; top: RankTopResult[] }>();
    for (const check of await this.topTens(
      keywords.map((k) => k.id),
      since,
    )) {
      const kept = latest.get(check.keywordId);
      if (!kept || kept.checkedAt < check.checkedAt) latest.set(check.keywordId, check);
    }
    const newest = [...latest.values()].reduce<string | null>(
      (max, check) => (max === null || check.checkedAt > max ? check.checkedAt : max),
      null,
    );
    const volumes = await this.volumesOf(keywords);
    const known = topTensOf(
      keywords,
      new Map([...latest].map(([id, check]) => [id, check.top])),
      volumes,
    );
    const tracked = [...new Set(keywords.map((k) => k.domain))];
    return {
      tag: tag ?? null,
      known: known.length,
      keywords: keywords.length,
      checkedAt: newest,
      found: competitorsFound(known, tracked, COMPETITORS_FOUND_MAX),
    };
  }

  /** The keywords' volumes from the keyword data source, by market, kept a day. */
  private async volumesOf(keywords: readonly RankKeywordFields[]): Promise<Volumes> {
    if (this.keywordData.source === 'none') {
      return { byId: new Map(), source: null, note: null };
    }
    const source = this.keywordData.source;
    const key = keywords
      .map((k) => `${k.country}|${k.language ?? 'en'}|${k.keyword.toLowerCase()}`)
      .sort()
      .join('\n');
    const kept = this.volumes.get(key);
    const now = this.clock.now().getTime();
    if (kept && now - kept.at < VOLUMES_MS) return kept.volumes;
    const markets = new Map<string, RankKeywordFields[]>();
    for (const k of keywords) {
      const market = `${k.country}|${k.language ?? 'en'}`;
      markets.set(market, [...(markets.get(market) ?? []), k]);
    }
    const byId = new Map<string, number | null>();
    try {
      for (const [market, group] of markets) {
        const [countryCode, language] = market.split('|') as [string, string];
        const items = await this.keywordData.lookup([...new Set(group.map((k) => k.keyword))], {
          countryCode,
          language,
        });
        const found = new Map(
          items.map((item) => [item.keyword.toLowerCase(), item.keyword_info.search_volume]),
        );
        for (const k of group) byId.set(k.id, found.get(k.keyword.toLowerCase()) ?? null);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'rank visibility: keyword volumes failed');
      // A failure is not kept: the next report asks again.
      return {
        byId: new Map(),
        source,
        note: M.volumesFailed(error instanceof Error ? error.message : String(error)),
      };
    }
    const missing = [...byId.values()].filter((volume) => volume === null).length;
    const volumes: Volumes = { byId, source, note: missing > 0 ? M.volumesMissing(missing) : null };
    if (this.volumes.size >= VOLUME_SETS_KEPT)
      this.volumes.delete(this.volumes.keys().next().value!);
    this.volumes.set(key, { at: now, volumes });
    return volumes;
  }
}

/** The keywords whose first page is known, with their volumes. */
function topTensOf(
  keywords: readonly RankKeywordFields[],
  tops: Map<string, RankTopResult[]> | undefined,
  volumes: Volumes,
): KeywordTopTen[] {
  return keywords.flatMap((k) => {
    const top = tops?.get(k.id);
    return top ? [{ keyword: k.keyword, top, volume: volumes.byId.get(k.id) ?? null }] : [];
  });
}
