import { featuresWonAndLost, type SerpFeature } from '@core/schemas/serp-features';
import type { RegressionReason } from '@core/schemas/tracking';
import {
  REPORT_DAYS,
  REPORT_MOVES_MAX,
  type ReportRankMove,
  type WeeklyReport,
} from '@core/schemas/reports';
import type { Db } from '../db/connect';
import { COMPARABLE_STATES } from '../rank-tracking/rank-alerts';
import type { RankTracking } from '../rank-tracking/rank-tracking';
import { keywordFields } from '../rank-tracking/rank-keywords';
import type { Clock } from '../shared/clock';

const DAY_MS = 86_400_000;

interface CheckRow {
  keyword_id: string;
  state: string;
  position: number | null;
  depth_reached: number;
  features: string | null;
}

const reasonTexts = (json: string) => (JSON.parse(json) as RegressionReason[]).map((r) => r.text);

/**
 * A workspace's last seven days as an SEO reports them: each keyword's move between its
 * first and latest comparable checks of the week (the biggest first), the week's
 * visibility, the SERP features its domain won and lost, and the tracked pages' and flows'
 * speed alerts. Read from what the checks stored: nothing is searched or measured for it.
 */
export async function weeklyReport(
  deps: { db: Db; clock: Clock; rank: RankTracking },
  workspaceId: string,
  /** A UTC midnight: the report covers the seven days before it. Now, by default (today included). */
  endsBefore?: Date,
): Promise<WeeklyReport> {
  const { db, clock, rank } = deps;
  // Whole UTC days, as the visibility's points are: up to now, or to the day before `endsBefore`.
  const to = endsBefore ? new Date(endsBefore.getTime() - 1) : clock.now();
  const lastDay = Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate());
  const from = new Date(lastDay - (REPORT_DAYS - 1) * DAY_MS).toISOString();
  const before = new Date(lastDay + DAY_MS).toISOString();
  const workspace = await db.kysely
    .selectFrom('workspaces')
    .select(['id', 'name'])
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  const keywords = (await rank.keywords.list(workspaceId)).map(keywordFields);
  // Each keyword's checks of the week, oldest first.
  const checksOf = new Map<string, CheckRow[]>();
  const ids = keywords.map((k) => k.id);
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.kysely
      .selectFrom('rank_checks')
      .select(['keyword_id', 'state', 'position', 'depth_reached', 'features', 'checked_at'])
      .where('keyword_id', 'in', ids.slice(i, i + 500))
      .where('checked_at', '>=', from)
      .where('checked_at', '<', before)
      .orderBy('checked_at')
      .execute();
    for (const row of rows) {
      const list = checksOf.get(row.keyword_id) ?? [];
      list.push(row);
      checksOf.set(row.keyword_id, list);
    }
  }
  const moves: ReportRankMove[] = [];
  const features: WeeklyReport['rank']['features'] = [];
  for (const k of keywords) {
    const own = checksOf.get(k.id) ?? [];
    const comparable = own.filter((c) =>
      (COMPARABLE_STATES as readonly string[]).includes(c.state),
    );
    const [first, last] = [comparable[0], comparable.at(-1)];
    if (first && last && first !== last) {
      // Past the depth counts as just past it, as rank alerts count it.
      const place = (c: CheckRow) => c.position ?? c.depth_reached + 1;
      const change = place(first) - place(last);
      if (change !== 0) {
        moves.push({
          keywordId: k.id,
          keyword: k.keyword,
          domain: k.domain,
          device: k.device,
          from: first.position,
          to: last.position,
          depth: k.depth,
          change,
        });
      }
    }
    const known = own.filter((c) => c.features !== null);
    const [before, after] = [known[0], known.at(-1)];
    if (before && after && before !== after) {
      const parsed = (c: CheckRow) => JSON.parse(c.features!) as SerpFeature[];
      const { won, lost } = featuresWonAndLost(parsed(before), parsed(after), k.domain);
      const of = { keywordId: k.id, keyword: k.keyword, domain: k.domain };
      features.push(
        ...won.map((kind) => ({ ...of, kind, change: 'won' as const })),
        ...lost.map((kind) => ({ ...of, kind, change: 'lost' as const })),
      );
    }
  }
  // A keyword's features in the kinds' order, keywords by name: the same report each time.
  features.sort((a, b) => a.keyword.localeCompare(b.keyword));
  // The biggest first; gains before losses of the same size, then by keyword.
  moves.sort(
    (a, b) =>
      Math.abs(b.change) - Math.abs(a.change) ||
      b.change - a.change ||
      a.keyword.localeCompare(b.keyword),
  );

  const pages = await db.kysely
    .selectFrom('tracked_pages')
    .select(['id', 'url'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const pageAlerts = await db.kysely
    .selectFrom('tracking_alerts')
    .innerJoin('tracked_pages', 'tracked_pages.id', 'tracking_alerts.page_id')
    .select([
      'tracking_alerts.page_id',
      'tracked_pages.url',
      'tracking_alerts.device',
      'tracking_alerts.kind',
      'tracking_alerts.reasons',
      'tracking_alerts.created_at',
    ])
    .where('tracked_pages.workspace_id', '=', workspaceId)
    .where('tracking_alerts.created_at', '>=', from)
    .where('tracking_alerts.created_at', '<', before)
    .orderBy('tracking_alerts.created_at')
    .execute();
  const endsIt = { regression: 'recovery', unreachable: 'reachable' } as const;
  const speedAlerts: WeeklyReport['speed']['alerts'] = [];
  for (const [i, alert] of pageAlerts.entries()) {
    if (alert.kind !== 'regression' && alert.kind !== 'unreachable') continue;
    const ending = endsIt[alert.kind];
    speedAlerts.push({
      pageId: alert.page_id,
      url: alert.url,
      device: alert.device,
      kind: alert.kind,
      at: alert.created_at,
      reasons: reasonTexts(alert.reasons),
      recovered: pageAlerts
        .slice(i + 1)
        .some(
          (later) =>
            later.page_id === alert.page_id &&
            later.device === alert.device &&
            later.kind === ending,
        ),
    });
  }

  const flows = await db.kysely
    .selectFrom('flows')
    .select(['id', 'name', 'schedule'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const flowAlerts = await db.kysely
    .selectFrom('flow_alerts')
    .innerJoin('flows', 'flows.id', 'flow_alerts.flow_id')
    .select([
      'flow_alerts.flow_id',
      'flows.name',
      'flow_alerts.kind',
      'flow_alerts.step',
      'flow_alerts.at',
      'flow_alerts.reasons',
      'flow_alerts.errors',
    ])
    .where('flow_alerts.workspace_id', '=', workspaceId)
    .where('flow_alerts.at', '>=', from)
    .where('flow_alerts.at', '<', before)
    .where('flow_alerts.kind', 'in', ['regression', 'failing'])
    .orderBy('flow_alerts.at')
    .execute();

  return {
    workspace,
    from,
    to: to.toISOString(),
    rank: {
      keywords: keywords.length,
      moves: moves.slice(0, REPORT_MOVES_MAX),
      visibility: await rank.visibility.visibility(workspaceId, REPORT_DAYS, undefined, to),
      features,
    },
    speed: { pages: pages.length, alerts: speedAlerts },
    flows: {
      tracked: flows.filter((flow) => flow.schedule !== null).length,
      alerts: flowAlerts.map((alert) => ({
        flowId: alert.flow_id,
        name: alert.name,
        kind: alert.kind as 'regression' | 'failing',
        step: alert.step,
        at: alert.at,
        reasons:
          alert.kind === 'failing'
            ? (JSON.parse(alert.errors) as string[])
            : reasonTexts(alert.reasons),
      })),
    },
  };
}
