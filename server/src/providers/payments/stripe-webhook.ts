import crypto from 'node:crypto';

/**
 * Verifies a `Stripe-Signature` header: `t=<unix s>,v1=<hex HMAC-SHA256 of "t.body">`,
 * within a tolerance, compared in constant time.
 */
export function verifyStripeSignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.split('=') as [string, string]);
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v);
  if (!Number.isFinite(timestamp) || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = crypto
    .createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(rawBody)
    .digest();
  return signatures.some((sig) => {
    const given = Buffer.from(sig, 'hex');
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

/** The subscription an event concerns: the object itself, or an invoice's parent. */
export function subscriptionIdOf(event: {
  type: string;
  data: { object: Record<string, unknown> };
}): string | null {
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
