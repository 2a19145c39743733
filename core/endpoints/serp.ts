import { sendUrlsBodySchema, sendUrlsResponseSchema } from '../schemas/page-facts';
import {
  rankCheckBodySchema,
  rankCheckResponseSchema,
  serpSearchBodySchema,
  serpSearchResponseSchema,
  serpShareParamsSchema,
  serpShareResponseSchema,
} from '../schemas/serp';
import { endpoint } from './endpoint';

/** The SERP tools: a search, a shared search, a site's rank, the results' page facts. */
export const SERP_ENDPOINTS = {
  search: endpoint({
    method: 'POST',
    path: '/serp-search',
    body: serpSearchBodySchema,
    status: 200,
    response: serpSearchResponseSchema,
  }),
  getShared: endpoint({
    method: 'GET',
    path: '/serp-search/shared/:shareId',
    params: serpShareParamsSchema,
    status: 200,
    response: serpShareResponseSchema,
  }),
  checkRank: endpoint({
    method: 'POST',
    path: '/rank-check',
    body: rankCheckBodySchema,
    status: 200,
    response: rankCheckResponseSchema,
  }),
  readPageFacts: endpoint({
    method: 'POST',
    path: '/send-urls',
    body: sendUrlsBodySchema,
    status: 200,
    response: sendUrlsResponseSchema,
  }),
};
