import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { SERP_ERROR_CODES } from '@core/schemas/serp';
import { SPEED_ERROR_CODES } from '@core/speed';
import { monthlyLimit, planOf, subjectOf } from '../quota/plan-limits';
import type { Services } from '../services';

/** Tools of which each call costs one use of the month; keywords are charged by size. */
export type MeteredTool = 'serp' | 'speed';

const REFUSALS = {
  serp: { message: QUOTA_MESSAGES.monthlySearchLimit, code: SERP_ERROR_CODES.monthlyLimit },
  speed: { message: QUOTA_MESSAGES.monthlyTestLimit, code: SPEED_ERROR_CODES.monthlyLimit },
} as const;

/** One use taken from a quota. */
export interface Charge {
  subject: string;
  /** Gives the use back, so a provider failure costs nothing. */
  refund(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Takes one use of `tool` from the month of the request's user (`identify` ran), or of
     * the visitor's IP address; when none is left, answers the spec's 429 and gives null.
     * Call it after every check that may refuse the request, so a refusal costs nothing.
     */
    meter(tool: MeteredTool): Promise<Charge | null>;
  }
}

/** Whose quota a request uses and on which plan: its user's, or its IP address's. */
export function quotaHolder(request: FastifyRequest) {
  const user = request.auth?.user ?? null;
  return { user, subject: subjectOf(user, request.ip), plan: planOf(user) };
}

export function registerMeter(app: FastifyInstance, services: Services): void {
  app.decorateReply('meter', async function (this: FastifyReply, tool: MeteredTool) {
    const { quotas } = services;
    const { subject, plan } = quotaHolder(this.request);
    if (!(await quotas.consume(subject, tool, monthlyLimit(plan, tool)))) {
      await this.status(429).send(REFUSALS[tool]);
      return null;
    }
    return { subject, refund: () => quotas.refund(subject, tool) };
  });
}
