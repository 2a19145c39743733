import type { FeatureTask } from '../feature-task';

/**
 * Settles every due subscription every BILLING_SWEEP_MINUTES, so a renewal or a period's
 * end applies even to a user who sends no request.
 */
export const settlementSweep: FeatureTask = {
  name: 'settling due subscriptions',
  runs: () => true,
  everyMs: (config) => config.BILLING_SWEEP_MINUTES * 60_000,
  pass: async (services, log) => {
    const settled = await services.billing.settleAll();
    if (settled > 0) log.info({ settled }, 'settled due subscriptions');
  },
};
