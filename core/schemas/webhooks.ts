import { z } from 'zod';
import { regressionReasonSchema, TRACKING_DEVICES } from './tracking';

/**
 * Webhooks of site speed tracking: endpoints a user adds to hear of regressions and
 * recoveries beside the email, each delivery signed and logged.
 */

/** Endpoints one user may add. */
export const WEBHOOKS_PER_USER = 5;
/** Deliveries the log lists, newest first. */
export const DELIVERIES_LISTED = 100;

/**
 * 'slack', 'discord' and 'teams' get the body their incoming webhooks take; any other URL the
 * full payload.
 */
export const WEBHOOK_KINDS = ['generic', 'slack', 'discord', 'teams'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
/**
 * The alert kinds (ALERT_KINDS), a tracked keyword's position change ('rank.changed'), a
 * tracked flow's alerts ('flow.' and FLOW_ALERT_KINDS), and 'test' from the 'send test
 * event' button.
 */
export const WEBHOOK_EVENTS = [
  'regression',
  'recovery',
  'unreachable',
  'reachable',
  'rank.changed',
  'flow.regression',
  'flow.recovery',
  'flow.failing',
  'flow.fixed',
  'test',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];
/** 'retrying' from the moment the delivery is written until it is delivered or given up. */
export const DELIVERY_STATUSES = ['delivered', 'retrying', 'failed'] as const;

/** The `code` of the webhook routes' refusals, beside their message. */
export const WEBHOOK_ERROR_CODES = {
  invalidUrl: 'invalid_webhook_url',
  limit: 'webhook_limit',
  duplicate: 'webhook_exists',
  notFound: 'webhook_not_found',
} as const;

export const createWebhookBodySchema = z
  .object({ url: z.string().trim().min(1, 'Please enter a valid url').max(2048) })
  .strict();
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const webhookParamsSchema = z.object({ id: z.string().uuid() });

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  kind: z.enum(WEBHOOK_KINDS),
  /** Masked (`whsec_…1a2b`): the whole secret is shown once, when the webhook is added. */
  secret: z.string(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({
  webhooks: z.array(webhookSchema),
  limit: z.number().int(),
});
export type WebhookList = z.infer<typeof webhookListSchema>;

export const createdWebhookSchema = z.object({
  id: z.string(),
  webhook: webhookSchema,
  /** The signing secret in full, this once. */
  secret: z.string(),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(DELIVERY_STATUSES),
  /** Attempts made so far (at most 5). */
  attempts: z.number().int(),
  /** The HTTP status of the last answer; null when there was none (see lastError). */
  lastStatus: z.number().int().nullable(),
  /** Why the last attempt did not deliver: a network error, a timeout or the answer's status. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** When the next attempt is due while 'retrying'; null otherwise. */
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const deliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type DeliveryList = z.infer<typeof deliveryListSchema>;

/**
 * The JSON a generic endpoint receives. `text` is what Slack's incoming webhooks read and
 * `content` what Discord's read, so a relay to either can pass the body on as it is.
 * A 'test' event names no page, device or check.
 */
export const webhookPayloadSchema = z.object({
  event: z.enum(WEBHOOK_EVENTS),
  page: z.object({ id: z.string(), url: z.string() }).nullable(),
  device: z.enum(TRACKING_DEVICES).nullable(),
  checkId: z.string().nullable(),
  at: z.string(),
  reasons: z.array(regressionReasonSchema),
  /** A 'rank.changed' event's keyword, its two checks' positions and what changed. */
  rank: z
    .object({
      keywordId: z.string(),
      keyword: z.string(),
      domain: z.string(),
      country: z.string(),
      location: z.string().nullable(),
      /** Null: not within the depth read. */
      previous: z.number().int().nullable(),
      current: z.number().int().nullable(),
      url: z.string().nullable(),
      changes: z.array(z.string()),
    })
    .optional(),
  /** A 'flow.' event's flow, the measured step it is about (none for failing and fixed), and the run. */
  flow: z
    .object({
      id: z.string(),
      name: z.string(),
      step: z.string().nullable(),
      runId: z.string(),
      /** For 'flow.failing': the failed runs' errors. */
      errors: z.array(z.string()),
    })
    .optional(),
  /** The page's speed history in SpeedRank (rank tracking for 'rank.changed', the flow for 'flow.'). */
  link: z.string(),
  text: z.string(),
  content: z.string(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
