import { QuotaExceeded } from '../../domain/errors';
import {
  storedBucket,
  tooManyMessage,
  type ThrottleResult,
  type ThrottleRule,
} from '../../auth/throttle';
import type { Config } from '../../config';

const FIFTEEN_MINUTES = 15;
const ONE_HOUR = 60;

const loginFailuresBucket = (email: string) => `login-fail:email:${email}`;
const emailsToAddressBucket = (email: string) => `email:to:${email}`;

/** The stored buckets that name an address: an account's deletion removes them. */
export function addressBuckets(email: string): string[] {
  return [loginFailuresBucket(email), emailsToAddressBucket(email)].map(storedBucket);
}

/**
 * Limits on the calls open to abuse (password guessing, mass sign-ups, emails sent,
 * server-side page fetches), per IP or per address; the limits come from configuration.
 */
export function throttleRules(config: Config) {
  return {
    loginFailures: (email: string): ThrottleRule => ({
      bucket: loginFailuresBucket(email),
      limit: config.LOGIN_FAILURES_PER_EMAIL,
      windowMinutes: FIFTEEN_MINUTES,
    }),
    loginAttempts: (ip: string): ThrottleRule => ({
      bucket: `login:ip:${ip}`,
      limit: config.LOGIN_ATTEMPTS_PER_IP,
      windowMinutes: FIFTEEN_MINUTES,
    }),
    registrations: (ip: string): ThrottleRule => ({
      bucket: `register:ip:${ip}`,
      limit: config.REGISTRATIONS_PER_IP,
      windowMinutes: ONE_HOUR,
    }),
    emailsToAddress: (email: string): ThrottleRule => ({
      bucket: emailsToAddressBucket(email),
      limit: config.EMAILS_PER_ADDRESS,
      windowMinutes: ONE_HOUR,
    }),
    emailsFromIp: (ip: string): ThrottleRule => ({
      bucket: `email:ip:${ip}`,
      limit: config.EMAILS_PER_IP,
      windowMinutes: ONE_HOUR,
    }),
    // A subscription follows each registration, so it shares the registrations' limit.
    emailSubscriptions: (ip: string): ThrottleRule => ({
      bucket: `subscribe:ip:${ip}`,
      limit: config.REGISTRATIONS_PER_IP,
      windowMinutes: ONE_HOUR,
    }),
    demoRequests: (ip: string): ThrottleRule => ({
      bucket: `pro-demo:ip:${ip}`,
      limit: config.DEMO_REQUESTS_PER_IP,
      windowMinutes: ONE_HOUR,
    }),
    // Visitors only: each call makes the server fetch pages on their behalf.
    pageFacts: (ip: string): ThrottleRule => ({
      bucket: `page-facts:ip:${ip}`,
      limit: config.PAGE_FACTS_PER_IP,
      windowMinutes: ONE_HOUR,
    }),
    // Everyone: each open pays for its cards' speed samples and page facts, as a search
    // does, so opening shared links must not become a free way around the search quota.
    sharedResults: (ip: string): ThrottleRule => ({
      bucket: `serp-share:ip:${ip}`,
      limit: config.PAGE_FACTS_PER_IP,
      windowMinutes: ONE_HOUR,
    }),
  };
}

/** Throws the 429, with Retry-After, of the first throttle that said no. */
export function requireUnthrottled(...results: ThrottleResult[]): void {
  const refused = results.find((r) => !r.allowed);
  if (!refused) return;
  throw new QuotaExceeded(tooManyMessage(refused.retryAfterSeconds)).withHeaders({
    'retry-after': String(refused.retryAfterSeconds),
  });
}
