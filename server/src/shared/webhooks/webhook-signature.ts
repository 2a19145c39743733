import crypto from 'node:crypto';

/**
 * Webhook signatures, as Stripe signs its own (a receiver that checks Stripe's checks ours
 * the same way):
 *
 *   X-SpeedRank-Signature: t=1764000000,v1=5257a869e7…
 *
 * `t` is the Unix time in seconds of the attempt and `v1` the hex HMAC-SHA256, keyed with
 * the webhook's secret, of `<t>.<raw body>`. Signing the time with the body lets a receiver
 * refuse a replayed delivery: one whose `t` is older than a few minutes.
 */
export const SIGNATURE_HEADER = 'x-speedrank-signature';

function hmac(secret: string, timestamp: number, body: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header's value for `body` sent at `now`. */
export function signatureHeader(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * Whether `header` signs `body` with `secret` and its time is within `toleranceSeconds` of
 * `now`. Every `v1` given is tried (several would come while a secret is rolled over), each
 * compared in constant time.
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  now: Date,
  toleranceSeconds = 300,
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t)) return false;
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && value !== undefined)
    .some(([, value]) => {
      const given = Buffer.from(value!, 'hex');
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    });
}
