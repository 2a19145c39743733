import type { Clock } from '../../auth/clock';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { LocalPaymentProcessor } from './local-processor';
import type { PaymentsProvider } from './port';
import { StripePaymentsProvider, priceKey } from './stripe';

/** Stripe when both keys are set; otherwise the local test processor. */
export function createPaymentsProvider(config: Config, db: Db, clock: Clock): PaymentsProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY) {
    const prices: Record<string, string> = {};
    const table: [number, number, string | undefined][] = [
      [2, 1, config.STRIPE_PRICE_LITE_MONTHLY],
      [2, 2, config.STRIPE_PRICE_LITE_YEARLY],
      [3, 1, config.STRIPE_PRICE_GURU_MONTHLY],
      [3, 2, config.STRIPE_PRICE_GURU_YEARLY],
      [4, 1, config.STRIPE_PRICE_PRO_MONTHLY],
      [4, 2, config.STRIPE_PRICE_PRO_YEARLY],
    ];
    for (const [planId, cycle, price] of table) if (price) prices[priceKey(planId, cycle)] = price;
    return new StripePaymentsProvider(
      config.STRIPE_SECRET_KEY,
      prices,
      config.STRIPE_BASE_URL,
      config.PROVIDER_TIMEOUT_MS,
    );
  }
  return new LocalPaymentProcessor(db, clock);
}
