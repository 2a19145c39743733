import crypto from 'node:crypto';
import { EMAIL_MESSAGES, TRACKING_MESSAGES } from '@core/messages';
import {
  UNREACHABLE_AFTER,
  type AlertKind,
  type RegressionReason,
  type TrackingAlert,
  type TrackingDevice,
} from '@core/schemas/tracking';
import type { Clock } from '../shared/clock';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { EMAIL_PAGES, pageReference, pageUrl } from '../emails/app-links';
import { timeInWords } from '../emails/email-time';
import { workspaceRecipient, type EmailRecipient } from '../emails/recipient';
import type { EmailSender } from '../providers/email';
import { ALERT_STATE_COLUMNS } from './pages';
import type { WebhookDeliveries } from '../shared/webhooks/webhook-deliveries';

/** Alerts listed at most: years of a page flapping between the two states. */
const ALERTS_LISTED = 500;

export interface AlertTrigger {
  page: { id: string; url: string; workspace_id: string };
  email: string;
  checkId: string;
  device: TrackingDevice;
  at: string;
  reasons: RegressionReason[];
  /** For 'unreachable': the latest failed checks' errors. */
  errors?: string[];
}

function alertText(kind: AlertKind, trigger: AlertTrigger, to: EmailRecipient): string {
  const { page, device, reasons } = trigger;
  const at = timeInWords(trigger.at, to.timeZone);
  const what = {
    regression: () =>
      `The ${device} check of ${page.url} on ${at} is a regression:\n\n${reasons.map((r) => `- ${r.text}`).join('\n')}`,
    recovery: () =>
      `${page.url} has recovered on ${device}: the ${device} check on ${at} keeps its budgets and is no slower than before the regression.`,
    unreachable: () =>
      TRACKING_MESSAGES.unreachableText(page.url, UNREACHABLE_AFTER, trigger.errors ?? []),
    reachable: () => TRACKING_MESSAGES.reachableText(page.url, device, at),
  }[kind]();
  const once =
    kind === 'regression' || kind === 'recovery'
      ? 'SpeedRank emails once when a device of a tracked page crosses into regression and once when it recovers, not on every check.'
      : 'SpeedRank emails once when a tracked page becomes unreachable and once when it can be measured again.';
  const history = pageReference(to.linkBase, EMAIL_PAGES.tracking(page.id));
  return `${EMAIL_MESSAGES.greeting(to.name)}\n\n${what}\n\nSee the page's speed history on ${history}\n\n${once}\n`;
}

const SUBJECTS: Record<AlertKind, (url: string, device: TrackingDevice) => string> = {
  regression: TRACKING_MESSAGES.regressionSubject,
  recovery: TRACKING_MESSAGES.recoverySubject,
  unreachable: TRACKING_MESSAGES.unreachableSubject,
  reachable: TRACKING_MESSAGES.reachableSubject,
};

/**
 * A webhook's link to site speed tracking: the address under `base`, or without one the
 * path alone, which names the page where a guessed host would lead nowhere.
 */
export function webhookLink(base: string | null, pageId?: string): string {
  const page = EMAIL_PAGES.tracking(pageId);
  return pageUrl(base, page) ?? page.path;
}

/**
 * Alerts: one when a page's device crosses into regression, one when it recovers, never
 * on every check; apart from them one when it becomes unreachable and one when it is reachable
 * again; each emailed and sent to the owner's webhooks. The page's state changes by
 * compare-and-set, so of several processes finishing checks of one page, one alerts.
 */
export class TrackingAlerts {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: Pick<Config, 'PUBLIC_URL'>,
    private readonly email: EmailSender,
    private readonly webhooks: WebhookDeliveries,
  ) {}

  /**
   * Moves the speed alert of the trigger's device to `state`; alerts, emails and calls the
   * webhooks when that is a change. The update itself says whether it was one (it matches
   * only another state), so a page row read earlier cannot make it alert twice or miss a
   * crossing.
   */
  async settle(state: 'ok' | 'regression', trigger: AlertTrigger): Promise<boolean> {
    const column = ALERT_STATE_COLUMNS[trigger.device];
    const moved = await this.db.kysely
      .updateTable('tracked_pages')
      .set({ [column]: state })
      .where('id', '=', trigger.page.id)
      .where(column, '!=', state)
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) return false;
    const kind = state === 'regression' ? 'regression' : 'recovery';
    await this.raise(kind, { ...trigger, reasons: kind === 'regression' ? trigger.reasons : [] });
    return true;
  }

  /**
   * Marks the page unreachable (three failed checks in a row) or reachable again, and
   * alerts when that is a change: compare-and-set on the page's flag, as `settle` does.
   */
  async reach(kind: 'unreachable' | 'reachable', trigger: AlertTrigger): Promise<boolean> {
    const flag = kind === 'unreachable' ? 1 : 0;
    const moved = await this.db.kysely
      .updateTable('tracked_pages')
      .set({ unreachable: flag })
      .where('id', '=', trigger.page.id)
      .where('unreachable', '!=', flag)
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) return false;
    await this.raise(kind, { ...trigger, reasons: [] });
    return true;
  }

  /** Stores the alert, emails it and calls the webhooks; none of their failures undoes it. */
  private async raise(kind: AlertKind, trigger: AlertTrigger): Promise<void> {
    const id = crypto.randomUUID();
    const reasons = trigger.reasons;
    await this.db.kysely
      .insertInto('tracking_alerts')
      .values({
        id,
        page_id: trigger.page.id,
        check_id: trigger.checkId,
        kind,
        device: trigger.device,
        reasons: JSON.stringify(reasons),
        created_at: trigger.at,
        emailed_at: null,
        email_error: null,
      })
      .execute();
    const to = await workspaceRecipient(this.db, this.config, trigger.page.workspace_id);
    const url = pageUrl(to?.linkBase ?? null, EMAIL_PAGES.tracking(trigger.page.id));
    try {
      if (!to) throw new Error(`The owner of workspace ${trigger.page.workspace_id} is gone.`);
      await this.email.send({
        to: trigger.email,
        subject: SUBJECTS[kind](trigger.page.url, trigger.device),
        ...(url ? { link: url } : {}),
        text: alertText(kind, trigger, to),
      });
      await this.db.kysely
        .updateTable('tracking_alerts')
        .set({ emailed_at: this.clock.now().toISOString() })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      // The alert stays in the history with the failure; the state change stands.
      await this.db.kysely
        .updateTable('tracking_alerts')
        .set({ email_error: error instanceof Error ? error.message : String(error) })
        .where('id', '=', id)
        .execute();
    }
    // Each delivery keeps its own log and retries; none of it undoes the alert.
    await this.webhooks.notify(trigger.page.workspace_id, {
      event: kind,
      page: { id: trigger.page.id, url: trigger.page.url },
      device: trigger.device,
      checkId: trigger.checkId,
      at: trigger.at,
      reasons,
      link: webhookLink(to?.linkBase ?? null, trigger.page.id),
    });
  }

  async list(pageId: string): Promise<TrackingAlert[]> {
    const rows = await this.db.kysely
      .selectFrom('tracking_alerts')
      .selectAll()
      .where('page_id', '=', pageId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(ALERTS_LISTED)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      device: row.device,
      checkId: row.check_id,
      createdAt: row.created_at,
      reasons: JSON.parse(row.reasons) as RegressionReason[],
      emailedAt: row.emailed_at,
      emailError: row.email_error,
    }));
  }
}
