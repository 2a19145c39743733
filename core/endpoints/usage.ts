import {
  usageKeywordResponseSchema,
  usageSerpResponseSchema,
  usageSpeedResponseSchema,
} from '../schemas/auth';
import {
  ipLimitQuerySchema,
  ipLimitResponseSchema,
  kwtRateLimitBodySchema,
  rateLimitBodySchema,
  rateLimitResponseSchema,
} from '../schemas/quota';
import { endpoint } from './endpoint';

/**
 * What is left of the tools' monthly allowances, and the advisory checks asked before a
 * tool runs (the tools' own calls still enforce them).
 */
export const USAGE_ENDPOINTS = {
  serpUsage: endpoint({
    method: 'GET',
    path: '/usage/serp-analysis-tool',
    status: 200,
    response: usageSerpResponseSchema,
  }),
  speedUsage: endpoint({
    method: 'GET',
    path: '/usage/website-speed-tool',
    status: 200,
    response: usageSpeedResponseSchema,
  }),
  keywordUsage: endpoint({
    method: 'GET',
    path: '/usage/keyword-tool',
    status: 200,
    response: usageKeywordResponseSchema,
  }),
  /** A signed-in user's check; a refusal (429, or 400 for the sample size) has the same shape. */
  checkLimit: endpoint({
    method: 'POST',
    path: '/rate-limit',
    body: rateLimitBodySchema,
    status: 200,
    response: rateLimitResponseSchema,
  }),
  checkKeywordLimit: endpoint({
    method: 'POST',
    path: '/kwt-rate-limit',
    body: kwtRateLimitBodySchema,
    status: 200,
    response: rateLimitResponseSchema,
  }),
  /** The signed-in user's allowance, or the visitor's IP address's. */
  checkVisitorLimit: endpoint({
    method: 'GET',
    path: '/ip-rate-limit/ip-limit',
    query: ipLimitQuerySchema,
    status: 200,
    response: ipLimitResponseSchema,
  }),
};
