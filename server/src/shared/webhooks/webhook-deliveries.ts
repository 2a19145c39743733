import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import { WEBHOOK_MESSAGES } from '@core/messages';
import { DELIVERIES_LISTED, type WebhookDelivery } from '@core/schemas/webhooks';
import { webhookKind } from '@core/tracking/webhook-kind';
import type { Clock } from '../clock';
import type { Db } from '../../db/connect';
import type { TrackingWebhookDeliveriesTable } from '../../db/schema';
import { FetchRefused, safePost } from '../../http/safe-fetch';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature';
import { webhookBody, type WebhookEvent } from './webhook-payload';
import type { TrackingWebhooks, WebhookRow } from './webhooks';

type DeliveryRow = Selectable<TrackingWebhookDeliveriesTable>;

/** Waits before the 2nd to 5th attempt; after the 5th, the delivery has failed. */
export const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/**
 * How long an attempt under way holds its delivery (it times out after 10 s): past it, a
 * delivery whose process stopped mid-attempt is due again and the sweep sends it.
 */
const ATTEMPT_HOLD_MS = 60_000;
/** Due deliveries one sweep sends, at once. */
const SWEEP_BATCH = 20;
/** Characters of a refusing answer kept in the log. */
const ANSWER_EXCERPT = 200;

/** What an attempt came to: delivered, worth another try, or refused for good. */
export type AttemptOutcome =
  | { result: 'delivered'; status: number }
  | { result: 'retry' | 'fail'; status: number | null; error: string };

/**
 * Network errors, timeouts, 429 and 5xx may pass: they are tried again. Any other answer
 * (a 4xx, a redirect) and a URL the guard now refuses will not change by waiting.
 */
export function attemptOutcome(
  answer: { status: number; body: string } | FetchRefused,
): AttemptOutcome {
  if (answer instanceof FetchRefused) {
    const transient = ['timeout', 'network', 'dns'].includes(answer.reason);
    return { result: transient ? 'retry' : 'fail', status: null, error: answer.message };
  }
  const { status } = answer;
  if (status >= 200 && status < 300) return { result: 'delivered', status };
  const excerpt = answer.body.replace(/\s+/g, ' ').trim().slice(0, ANSWER_EXCERPT);
  return {
    result: status === 429 || status >= 500 ? 'retry' : 'fail',
    status,
    error: WEBHOOK_MESSAGES.answered(status, excerpt),
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    createdAt: row.created_at,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === 'retrying' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
  };
}

/**
 * Deliveries to webhooks: each is written before its first attempt, so neither a refusal
 * nor a restart loses it; failed attempts are tried again after RETRY_DELAYS_MS by the
 * sweep, in whichever process runs it. An attempt is claimed by compare-and-set on
 * `next_attempt_at`, so of several sweeping processes one sends it.
 */
export class WebhookDeliveries {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly webhooks: TrackingWebhooks,
  ) {}

  /** Sends `event` to every webhook of the workspace; each first attempt is made before this returns. */
  async notify(workspaceId: string, event: WebhookEvent): Promise<void> {
    const webhooks = await this.webhooks.list(workspaceId);
    await Promise.all(webhooks.map((webhook) => this.send(webhook, event)));
  }

  /** Writes the delivery, makes its first attempt and returns it as the log shows it. */
  async send(webhook: WebhookRow, event: WebhookEvent): Promise<WebhookDelivery> {
    const now = this.clock.now();
    const row: DeliveryRow = {
      id: crypto.randomUUID(),
      webhook_id: webhook.id,
      event: event.event,
      body: webhookBody(webhookKind(webhook.url), event),
      status: 'retrying',
      attempts: 0,
      last_status: null,
      last_error: null,
      created_at: now.toISOString(),
      last_attempt_at: null,
      // Held by this attempt; the sweep takes it over if this process stops.
      next_attempt_at: new Date(now.getTime() + ATTEMPT_HOLD_MS).toISOString(),
      delivered_at: null,
    };
    await this.db.kysely.insertInto('tracking_webhook_deliveries').values(row).execute();
    return toDelivery(await this.attempt(row, webhook));
  }

  /** Sends the deliveries due by now (one batch); returns how many it attempted. */
  async retryDue(): Promise<number> {
    const now = this.clock.now();
    const due = await this.db.kysely
      .selectFrom('tracking_webhook_deliveries as d')
      .innerJoin('tracking_webhooks as w', 'w.id', 'd.webhook_id')
      .selectAll('d')
      .select(['w.url', 'w.secret', 'w.workspace_id', 'w.created_at as webhook_created_at'])
      .where('d.status', '=', 'retrying')
      .where('d.next_attempt_at', '<=', now.toISOString())
      .orderBy('d.next_attempt_at')
      .limit(SWEEP_BATCH)
      .execute();
    const hold = new Date(now.getTime() + ATTEMPT_HOLD_MS).toISOString();
    const claimed: Promise<DeliveryRow>[] = [];
    for (const { url, secret, workspace_id, webhook_created_at, ...delivery } of due) {
      const claim = await this.db.kysely
        .updateTable('tracking_webhook_deliveries')
        .set({ next_attempt_at: hold })
        .where('id', '=', delivery.id)
        .where('status', '=', 'retrying')
        .where('next_attempt_at', '=', delivery.next_attempt_at)
        .executeTakeFirst();
      if (claim.numUpdatedRows === 0n) continue;
      const webhook = {
        id: delivery.webhook_id,
        url,
        secret: this.webhooks.openSecret(secret),
        workspace_id,
        created_at: webhook_created_at,
      };
      claimed.push(this.attempt(delivery, webhook));
    }
    await Promise.all(claimed);
    return claimed.length;
  }

  /** The webhook's deliveries, newest first. */
  async list(webhookId: string): Promise<WebhookDelivery[]> {
    const rows = await this.db.kysely
      .selectFrom('tracking_webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DELIVERIES_LISTED)
      .execute();
    return rows.map(toDelivery);
  }

  /** One signed POST of the delivery's body; records what came of it. */
  private async attempt(delivery: DeliveryRow, webhook: WebhookRow): Promise<DeliveryRow> {
    const headers = {
      'content-type': 'application/json',
      accept: '*/*',
      'x-speedrank-event': delivery.event,
      // The same on every attempt: a receiver that saw it already can skip it.
      'x-speedrank-delivery': delivery.id,
      [SIGNATURE_HEADER]: signatureHeader(webhook.secret, delivery.body, this.clock.now()),
    };
    let outcome: AttemptOutcome;
    try {
      outcome = attemptOutcome(
        await safePost(webhook.url, { body: delivery.body, headers }, this.webhooks.guard),
      );
    } catch (error) {
      outcome =
        error instanceof FetchRefused
          ? attemptOutcome(error)
          : { result: 'retry', status: null, error: String(error) };
    }
    const finished = this.clock.now();
    const attempts = delivery.attempts + 1;
    const retry = outcome.result === 'retry' && attempts < MAX_ATTEMPTS;
    const changes = {
      attempts,
      status: outcome.result === 'delivered' ? 'delivered' : retry ? 'retrying' : 'failed',
      last_status: outcome.status,
      last_error: outcome.result === 'delivered' ? null : outcome.error,
      last_attempt_at: finished.toISOString(),
      next_attempt_at: retry
        ? new Date(finished.getTime() + RETRY_DELAYS_MS[attempts - 1]!).toISOString()
        : null,
      delivered_at: outcome.result === 'delivered' ? finished.toISOString() : null,
    } satisfies Partial<DeliveryRow>;
    await this.db.kysely
      .updateTable('tracking_webhook_deliveries')
      .set(changes)
      .where('id', '=', delivery.id)
      .execute();
    return { ...delivery, ...changes };
  }
}
