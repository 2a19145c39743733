import Stripe from 'stripe';
import { z } from 'zod';

const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
/** The fields of a Stripe event SpeedRank reads; everything else comes from a fresh read. */
export type StripeWebhookEvent = z.infer<typeof eventSchema>;

export type StripeWebhookResult =
  { event: StripeWebhookEvent } | { error: 'signature' | 'payload'; message: string };

/**
 * Checks a delivery with the SDK's `webhooks.constructEvent`: the `Stripe-Signature`
 * header (`t=…,v1=…`, HMAC-SHA256 of `t.` + the exact raw bytes, compared in constant
 * time) and its age against the SDK's 300 s tolerance, measured from `receivedAt`.
 */
export function readStripeWebhook(
  rawBody: Buffer,
  header: string | string[] | undefined,
  secret: string,
  receivedAt: Date,
): StripeWebhookResult {
  const signatureError = {
    error: 'signature',
    message: 'The Stripe-Signature header does not match this payload.',
  } as const;
  const payloadError = { error: 'payload', message: 'The payload is not a Stripe event.' } as const;
  if (typeof header !== 'string' || header === '') return signatureError;
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      header,
      secret,
      undefined,
      undefined,
      receivedAt.getTime(),
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return signatureError;
    // Signed, but not JSON (or a v2 thin event notification, which this endpoint never asks for).
    return payloadError;
  }
  const parsed = eventSchema.safeParse(event);
  return parsed.success ? { event: parsed.data } : payloadError;
}

/** The subscription an event concerns: the object itself, or an invoice's parent. */
export function subscriptionIdOf(event: StripeWebhookEvent): string | null {
  const object = event.data.object;
  if (event.type.startsWith('customer.subscription.'))
    return typeof object.id === 'string' ? object.id : null;
  if (event.type.startsWith('invoice.')) {
    const parent = object.parent as
      { subscription_details?: { subscription?: unknown } } | undefined;
    const fromParent = parent?.subscription_details?.subscription;
    if (typeof fromParent === 'string') return fromParent;
    return typeof object.subscription === 'string' ? object.subscription : null;
  }
  return null;
}
