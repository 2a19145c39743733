import type { Clock } from '../../auth/clock';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { LocalPaymentProcessor } from './local-processor';
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
