import { z } from 'zod';
import {
  bulkRankKeywordsBodySchema,
  createRankKeywordBodySchema,
  patchRankKeywordBodySchema,
  rankCheckSchema,
  rankHistoryQuerySchema,
  rankHistorySchema,
  rankKeywordListSchema,
  rankKeywordParamsSchema,
  rankKeywordSchema,
} from '../schemas/rank-tracking';
import {
  addCompetitorBodySchema,
  addCompetitorResultSchema,
  competitorsFoundQuerySchema,
  competitorsFoundSchema,
  rankVisibilityQuerySchema,
  rankVisibilitySchema,
} from '../schemas/rank-visibility';
import { deletedSchema } from '../schemas/common';
import { endpoint } from './endpoint';

/** A signed-in user's tracked keywords, their history, and a check of one now. */
export const RANK_TRACKING_ENDPOINTS = {
  listKeywords: endpoint({
    method: 'GET',
    path: '/rank-tracking/keywords',
    status: 200,
    response: rankKeywordListSchema,
  }),
  createKeyword: endpoint({
    method: 'POST',
    path: '/rank-tracking/keywords',
    body: createRankKeywordBodySchema,
    status: 201,
    response: rankKeywordSchema,
  }),
  createKeywords: endpoint({
    method: 'POST',
    path: '/rank-tracking/keywords/bulk',
    body: bulkRankKeywordsBodySchema,
    status: 201,
    response: z.object({ keywords: z.array(rankKeywordSchema) }),
  }),
  updateKeyword: endpoint({
    method: 'PATCH',
    path: '/rank-tracking/keywords/:id',
    params: rankKeywordParamsSchema,
    body: patchRankKeywordBodySchema,
    status: 200,
    response: rankKeywordSchema,
  }),
  removeKeyword: endpoint({
    method: 'DELETE',
    path: '/rank-tracking/keywords/:id',
    params: rankKeywordParamsSchema,
    status: 200,
    // Removed, with its history; a body, as tracked pages' removal answers.
    response: deletedSchema,
  }),
  history: endpoint({
    method: 'GET',
    path: '/rank-tracking/keywords/:id/history',
    params: rankKeywordParamsSchema,
    query: rankHistoryQuerySchema,
    status: 200,
    response: rankHistorySchema,
  }),
  /** Visibility and share of voice of the workspace's keywords (or a tag's), a point a day. */
  visibility: endpoint({
    method: 'GET',
    path: '/rank-tracking/visibility',
    query: rankVisibilityQuerySchema,
    status: 200,
    response: rankVisibilitySchema,
  }),
  /** The domains most often in the keywords' top ten, the tracked ones left out. */
  competitorsFound: endpoint({
    method: 'GET',
    path: '/rank-tracking/competitors-found',
    query: competitorsFoundQuerySchema,
    status: 200,
    response: competitorsFoundSchema,
  }),
  /** Follows a domain as a competitor on every keyword of the set with room for it. */
  addCompetitor: endpoint({
    method: 'POST',
    path: '/rank-tracking/competitors',
    body: addCompetitorBodySchema,
    status: 200,
    response: addCompetitorResultSchema,
  }),
  /** Metered: one search of the month's quota. */
  checkKeyword: endpoint({
    method: 'POST',
    path: '/rank-tracking/keywords/:id/check',
    params: rankKeywordParamsSchema,
    status: 200,
    response: rankCheckSchema,
  }),
};
