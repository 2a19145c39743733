import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { SERP_ERROR_CODES } from '@core/schemas/serp';
import { SPEED_ERROR_CODES } from '@core/speed';
import { entitlementsFor, subjectOf } from '../quota/plan-limits';
import type { Charge } from '../quota/quotas';
import type { Services } from '../services';
import { holderOf } from './authenticate';

/** Tools of which each call costs one use of the month; keywords are charged by size. */
export type MeteredTool = 'serp' | 'speed';

const REFUSALS = {
  serp: { message: QUOTA_MESSAGES.monthlySearchLimit, code: SERP_ERROR_CODES.monthlyLimit },
  speed: { message: QUOTA_MESSAGES.monthlyTestLimit, code: SPEED_ERROR_CODES.monthlyLimit },
} as const;

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Takes one use of `tool` from the month of the request's workspace (`identify` ran), or of
     * the visitor's IP address; when none is left, answers 429 with the monthly-limit message
     * and gives null. Call it after every check that may refuse the request, so a refusal
     * costs nothing.
     */
    meter(tool: MeteredTool): Promise<Charge | null>;
    /**
     * As `meter`, but answers nothing: for a caller with more to undo before it answers
     * (it then sends `overQuota`), so the response never arrives before the undoing is done.
     * `uses` of the month at once (a request that runs several searches), all or none.
     */
    charge(tool: MeteredTool, uses?: number): Promise<Charge | null>;
    /** The 429 of a month used up. */
    overQuota(tool: MeteredTool): FastifyReply;
  }
}

/** Whose quota a request uses and what its plan allows: its workspace's, or its IP address's. */
export function quotaHolder(request: FastifyRequest) {
  const holder = request.auth ? holderOf(request.auth) : null;
  const entitlements = entitlementsFor(holder);
  return { holder, subject: subjectOf(holder, request.ip), entitlements };
}

export function registerMeter(app: FastifyInstance, services: Services): void {
  app.decorateReply('charge', async function (this: FastifyReply, tool: MeteredTool, uses = 1) {
    const { quotas } = services;
    const { subject, entitlements } = quotaHolder(this.request);
    // The month of the charge, also for a refund that comes after the month turned.
    const counter = quotas.counterKey(subject, tool);
    if (
      !(await quotas.consume(subject, tool, entitlements.monthlyLimit(tool), uses, counter.period))
    ) {
      return null;
    }
    return {
      subject,
      counter,
      refund: () => quotas.refund(subject, tool, uses, counter.period),
    };
  });
  app.decorateReply('overQuota', function (this: FastifyReply, tool: MeteredTool) {
    return this.status(429).send(REFUSALS[tool]);
  });
  app.decorateReply('meter', async function (this: FastifyReply, tool: MeteredTool) {
    const charge = await this.charge(tool);
    if (!charge) await this.overQuota(tool);
    return charge;
  });
}
