import { emailSubscribeBodySchema, statusResponseSchema } from '../schemas/auth';
import { healthResponseSchema } from '../schemas/common';
import { proDemoBodySchema } from '../schemas/pro';
import { siteConfigSchema } from '../schemas/site-config';
import { endpoint } from './endpoint';

/** The installation's health and public configuration, and the addresses visitors leave. */
export const SITE_ENDPOINTS = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    status: 200,
    response: healthResponseSchema,
  }),
  siteConfig: endpoint({
    method: 'GET',
    path: '/site-config',
    status: 200,
    response: siteConfigSchema,
  }),
  subscribeEmail: endpoint({
    method: 'POST',
    path: '/email-subscribers',
    body: emailSubscribeBodySchema,
    status: 200,
    response: statusResponseSchema,
  }),
  /** An address already on the list answers 200, with the same body. */
  requestDemo: endpoint({
    method: 'POST',
    path: '/pro-demo',
    body: proDemoBodySchema,
    status: 201,
    response: statusResponseSchema,
    // An address already on the list: kept as it was.
    also: { 200: statusResponseSchema },
  }),
};
