import { z } from 'zod';
import {
  createRumSiteBodySchema,
  patchRumSiteBodySchema,
  rumFieldQuerySchema,
  rumFieldSchema,
  rumSiteListSchema,
  rumSiteParamsSchema,
  rumSiteSchema,
  rumSummaryQuerySchema,
  rumSummarySchema,
} from '../schemas/rum';
import { endpoint } from './endpoint';

/** A signed-in user's real-user monitoring sites, their figures, and a page's field data. */
export const RUM_ENDPOINTS = {
  listSites: endpoint({
    method: 'GET',
    path: '/rum/sites',
    status: 200,
    response: rumSiteListSchema,
  }),
  createSite: endpoint({
    method: 'POST',
    path: '/rum/sites',
    body: createRumSiteBodySchema,
    status: 201,
    response: rumSiteSchema,
  }),
  getSite: endpoint({
    method: 'GET',
    path: '/rum/sites/:id',
    params: rumSiteParamsSchema,
    status: 200,
    response: rumSiteSchema,
  }),
  updateSite: endpoint({
    method: 'PATCH',
    path: '/rum/sites/:id',
    params: rumSiteParamsSchema,
    body: patchRumSiteBodySchema,
    status: 200,
    response: rumSiteSchema,
  }),
  removeSite: endpoint({
    method: 'DELETE',
    path: '/rum/sites/:id',
    params: rumSiteParamsSchema,
    status: 204,
    response: z.null().describe('Removed, with its counts'),
  }),
  summary: endpoint({
    method: 'GET',
    path: '/rum/sites/:id/summary',
    params: rumSiteParamsSchema,
    query: rumSummaryQuerySchema,
    status: 200,
    response: rumSummarySchema,
  }),
  field: endpoint({
    method: 'GET',
    path: '/rum/field',
    query: rumFieldQuerySchema,
    status: 200,
    response: rumFieldSchema,
  }),
};
