import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_MESSAGES, RANK_TRACKING_MESSAGES as M } from '@core/messages';
import type { RankAlerts, RankCheck } from '@core/schemas/rank-tracking';
import { featuresWonAndLost, SERP_FEATURE_NAMES } from '@core/schemas/serp-features';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { pageReference, pageUrl, type AppPage } from '../emails/app-links';
import { timeInWords } from '../emails/email-time';
import { workspaceRecipient } from '../emails/recipient';
import type { EmailSender } from '../providers/email';
import type { WebhookDeliveries } from '../shared/webhooks/webhook-deliveries';
import type { RankKeywordFields } from './rank-keywords';

/** Checks that know where the domain stands: a position, or none within the whole depth. */
export const COMPARABLE_STATES = ['ranked', 'not_in_top'] as const satisfies RankCheck['state'][];

const comparable = (check: RankCheck) =>
  (COMPARABLE_STATES as readonly string[]).includes(check.state);

/** The rank tracking screen, where an alert's links lead. */
const RANK_PAGE: AppPage = { name: 'Rank tracking', path: '/rank-tracking' };

/**
 * What moved between two checks, as the keyword's alerts ask: a move of at least `move`
 * positions either way, a SERP feature the domain won or lost, entering or leaving the top 3
 * or the top 10. A domain not in the
 * top N counts as just past the depth read, so dropping out of the results is a move of
 * at least that much. Nothing when either check is not comparable (failed, partial): a
 * check that knows nothing never alerts.
 */
export function rankChanges(
  previous: RankCheck | null,
  current: RankCheck,
  alerts: RankAlerts,
  domain: string,
): string[] {
  if (!previous || !comparable(previous) || !comparable(current)) return [];
  const place = (check: RankCheck) => check.position ?? check.depthReached + 1;
  const text = (check: RankCheck) => M.positionText(check.position, check.depthReached);
  const [before, after] = [place(previous), place(current)];
  const changes: string[] = [];
  if (alerts.move !== null && before !== after && Math.abs(before - after) >= alerts.move) {
    changes.push(M.moved(text(previous), text(current)));
  }
  if (alerts.features && previous.features && current.features) {
    const { won, lost } = featuresWonAndLost(previous.features, current.features, domain);
    changes.push(
      ...won.map((kind) => M.wonFeature(SERP_FEATURE_NAMES[kind])),
      ...lost.map((kind) => M.lostFeature(SERP_FEATURE_NAMES[kind])),
    );
  }
  for (const [on, top] of [
    [alerts.top3, 3],
    [alerts.top10, 10],
  ] as const) {
    if (!on) continue;
    if (before > top && after <= top) changes.push(M.enteredTop(top));
    if (before <= top && after > top) changes.push(M.leftTop(top));
  }
  return changes;
}

/**
 * Rank alerts: when a ranked or not-in-top check moved as the keyword's alerts ask from
 * the last check that was either, one email to the workspace's owner and its webhooks ('rank.changed').
 * Failed and partial checks are skipped entirely, as the check and as the comparison.
 */
export class RankAlertSender {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'PUBLIC_URL'>,
    private readonly email: EmailSender,
    private readonly webhooks: WebhookDeliveries,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** Sends the alert of `current` when it changed from `previous`; true when one went. */
  async judge(
    workspaceId: string,
    keyword: RankKeywordFields,
    previous: RankCheck | null,
    current: RankCheck,
  ): Promise<boolean> {
    const changes = rankChanges(previous, current, keyword.alerts, keyword.domain);
    if (changes.length === 0) return false;
    const to = await workspaceRecipient(this.db, this.config, workspaceId);
    if (!to) return false;
    const link = pageUrl(to.linkBase, RANK_PAGE);
    const at = timeInWords(current.checkedAt, to.timeZone);
    const what = M.alertText(keyword.domain, keyword.keyword, keyword.device, at, changes);
    // The email and the webhooks are told apart: one failing does not stop the other.
    await this.email
      .send({
        to: to.email,
        subject: M.alertSubject(keyword.domain, keyword.keyword),
        ...(link ? { link } : {}),
        text: `${EMAIL_MESSAGES.greeting(to.name)}\n\n${what}\n\nSee its history on ${pageReference(to.linkBase, RANK_PAGE)}\n\n${M.alertOnce}\n`,
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'rank alert email failed'));
    await this.webhooks.notify(workspaceId, {
      event: 'rank.changed',
      page: null,
      device: keyword.device,
      checkId: null,
      at: current.checkedAt,
      reasons: [],
      rank: {
        keywordId: keyword.id,
        keyword: keyword.keyword,
        domain: keyword.domain,
        country: keyword.country,
        location: keyword.location,
        previous: previous?.position ?? null,
        current: current.position,
        url: current.url,
        changes,
      },
      link: link ?? RANK_PAGE.path,
    });
    return true;
  }
}
