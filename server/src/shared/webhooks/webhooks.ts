import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import { WEBHOOK_MESSAGES } from '@core/messages';
import { WEBHOOK_ERROR_CODES, WEBHOOKS_PER_USER, type Webhook } from '@core/schemas/webhooks';
import { webhookKind } from '@core/tracking/webhook-kind';
import type { Clock } from '../clock';
import type { SecretBox } from '../secret-box';
import type { Db } from '../../db/connect';
import type { TrackingWebhooksTable } from '../../db/schema';
import { Conflict, Forbidden } from '../../domain/errors';
import type { SafeFetchOptions } from '../../http/safe-fetch';
import { insertUnderLimit } from '../../domain/limited-insert';

export type WebhookRow = Selectable<TrackingWebhooksTable>;

/** Stripe's prefix: a receiver's logs say what the string is. */
const SECRET_PREFIX = 'whsec_';

/** The secret as lists show it: enough to tell two apart, not enough to sign. */
export const maskSecret = (secret: string) => `${SECRET_PREFIX}…${secret.slice(-4)}`;

export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    kind: webhookKind(row.url),
    secret: maskSecret(row.secret),
    createdAt: row.created_at,
  };
}

/**
 * The page fetcher's guard as webhooks use it, at saving and at every attempt: https only
 * (plain http to targets FETCH_ALLOW_HOSTS lists), no sandbox web, no redirects, 10 s.
 */
export function webhookGuard(pageFetch: SafeFetchOptions): SafeFetchOptions {
  return {
    ...pageFetch,
    sandbox: { ...pageFetch.sandbox, enabled: false },
    httpsOnly: true,
    timeoutMs: 10_000,
    // Only the start of an answer is kept, to say why it refused.
    maxBytes: 4096,
    maxRedirects: 0,
    userAgent: 'SpeedRank-Webhooks/1.0',
  };
}

/**
 * A workspace's webhook endpoints: added within the limit, read and removed in it only.
 * Signing secrets are stored sealed (`SecretBox`); the rows this returns hold them open.
 */
export class TrackingWebhooks {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly guard: SafeFetchOptions,
    private readonly box: SecretBox,
  ) {}

  /** A stored secret, opened. */
  openSecret(stored: string): string {
    return this.box.open(stored);
  }

  private opened = (row: WebhookRow): WebhookRow => ({ ...row, secret: this.box.open(row.secret) });

  async list(workspaceId: string): Promise<WebhookRow[]> {
    const rows = await this.db.kysely
      .selectFrom('tracking_webhooks')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(this.opened);
  }

  async get(workspaceId: string, id: string): Promise<WebhookRow | null> {
    const row = await this.db.kysely
      .selectFrom('tracking_webhooks')
      .selectAll()
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    return row ? this.opened(row) : null;
  }

  /**
   * Seals again what is stored in clear (from before sealing) or under a previous key, so
   * a rotated key can be dropped once every process has started with the new one. A row
   * changed meanwhile is left for the next start. Returns how many were sealed.
   */
  async reseal(): Promise<number> {
    const rows = await this.db.kysely
      .selectFrom('tracking_webhooks')
      .select(['id', 'secret'])
      .execute();
    let sealed = 0;
    for (const row of rows) {
      if (!this.box.needsResealing(row.secret)) continue;
      const done = await this.db.kysely
        .updateTable('tracking_webhooks')
        .set({ secret: this.box.seal(this.box.open(row.secret)) })
        .where('id', '=', row.id)
        .where('secret', '=', row.secret)
        .executeTakeFirst();
      sealed += Number(done.numUpdatedRows);
    }
    return sealed;
  }

  /**
   * Adds an endpoint of a URL the guard passed (`WebhookEndpoints` vets it). As for tracked
   * pages, the count and the insert are one transaction holding the workspace's row, so
   * concurrent requests cannot pass the limit.
   */
  async create(workspaceId: string, url: string): Promise<WebhookRow> {
    return insertUnderLimit(this.db, {
      workspaceId,
      held: (trx) =>
        trx
          .selectFrom('tracking_webhooks')
          .select('url')
          .where('workspace_id', '=', workspaceId)
          .execute(),
      limit: WEBHOOKS_PER_USER,
      adding: 1,
      overLimit: () =>
        new Forbidden(WEBHOOK_MESSAGES.limit(WEBHOOKS_PER_USER), WEBHOOK_ERROR_CODES.limit),
      refuseFirst: (owned) => {
        if (owned.some((row) => row.url === url))
          throw new Conflict(WEBHOOK_MESSAGES.duplicate, WEBHOOK_ERROR_CODES.duplicate);
      },
      insert: async (trx) => {
        const webhook: WebhookRow = {
          id: crypto.randomUUID(),
          workspace_id: workspaceId,
          url,
          secret: `${SECRET_PREFIX}${crypto.randomBytes(24).toString('hex')}`,
          created_at: this.clock.now().toISOString(),
        };
        await trx
          .insertInto('tracking_webhooks')
          .values({ ...webhook, secret: this.box.seal(webhook.secret) })
          .execute();
        return webhook;
      },
    });
  }

  /** Removes the endpoint and its delivery log (the rows cascade); false when it is not theirs. */
  async delete(workspaceId: string, id: string): Promise<boolean> {
    const gone = await this.db.kysely
      .deleteFrom('tracking_webhooks')
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    return gone.numDeletedRows > 0n;
  }
}
