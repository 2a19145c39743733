import type { Clock } from '../../shared/clock';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { LocalPaymentProcessor } from './local-processor';
import { PayPalSubscriptions } from './paypal';
import { configuredPlanIds } from './plan-ids';
import type { PaymentsProvider } from './port';
import { StripePaymentsProvider, priceKey } from './stripe';

/** Stripe when both keys are set; otherwise the local test processor. */
export function createPaymentsProvider(config: Config, db: Db, clock: Clock): PaymentsProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY) {
    const prices = Object.fromEntries(
      configuredPlanIds(config, 'STRIPE_PRICE').map((p) => [
        priceKey(p.planId, p.billingCycle),
        p.id,
      ]),
    );
    return new StripePaymentsProvider(
      config.STRIPE_SECRET_KEY,
      prices,
      config.STRIPE_BASE_URL,
      config.PROVIDER_TIMEOUT_MS,
    );
  }
  return new LocalPaymentProcessor(db, clock);
}

/** PayPal subscriptions when its client id and secret are set; null otherwise. */
export function createPayPal(config: Config): PayPalSubscriptions | null {
  if (!config.PAYPAL_CLIENT_ID || !config.PAYPAL_CLIENT_SECRET) return null;
  return new PayPalSubscriptions(
    config.PAYPAL_CLIENT_ID,
    config.PAYPAL_CLIENT_SECRET,
    configuredPlanIds(config, 'PAYPAL_PLAN'),
    config.PAYPAL_BASE_URL,
    config.PROVIDER_TIMEOUT_MS,
  );
}
