import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicTask, type PeriodicTask } from '../shared/periodic-task';
import type { Billing } from './billing';

/**
 * Settles every due subscription every `everyMs`, so a renewal or a period's end applies
 * even to a user who sends no request.
 */
export function startSettlementSweep(
  billing: Billing,
  everyMs: number,
  log: FastifyBaseLogger,
): PeriodicTask {
  return startPeriodicTask(
    'settling due subscriptions',
    async () => {
      const settled = await billing.settleAll();
      if (settled > 0) log.info({ settled }, 'settled due subscriptions');
    },
    everyMs,
    log,
  );
}
