import { z } from 'zod';
import {
  alertListSchema,
  checkParamsSchema,
  compareQuerySchema,
  comparisonSchema,
  createTrackedPageBodySchema,
  createdTrackedPageSchema,
  fieldHistoryQuerySchema,
  fieldHistoryResponseSchema,
  historyExportQuerySchema,
  historyQuerySchema,
  historyResponseSchema,
  patchTrackedPageBodySchema,
  runNowResponseSchema,
  trackedPageListSchema,
  trackedPageParamsSchema,
  trackedPageSchema,
  trackingCheckDetailSchema,
  trackingStorageSchema,
} from '../schemas/tracking';
import { deletedSchema } from '../schemas/common';
import { endpoint } from './endpoint';

/**
 * Site speed tracking: a signed-in user's tracked pages, their checks, history (JSON and
 * CSV), alerts and real-user history, and the storage it all takes.
 */
export const TRACKING_ENDPOINTS = {
  listPages: endpoint({
    method: 'GET',
    path: '/tracking/pages',
    status: 200,
    response: trackedPageListSchema,
  }),
  createPage: endpoint({
    method: 'POST',
    path: '/tracking/pages',
    body: createTrackedPageBodySchema,
    status: 201,
    response: createdTrackedPageSchema,
  }),
  updatePage: endpoint({
    method: 'PATCH',
    path: '/tracking/pages/:id',
    params: trackedPageParamsSchema,
    body: patchTrackedPageBodySchema,
    status: 200,
    response: trackedPageSchema,
  }),
  removePage: endpoint({
    method: 'DELETE',
    path: '/tracking/pages/:id',
    params: trackedPageParamsSchema,
    status: 200,
    response: deletedSchema,
  }),
  runNow: endpoint({
    method: 'POST',
    path: '/tracking/pages/:id/run',
    params: trackedPageParamsSchema,
    status: 202,
    response: runNowResponseSchema,
  }),
  history: endpoint({
    method: 'GET',
    path: '/tracking/pages/:id/history',
    params: trackedPageParamsSchema,
    query: historyQuerySchema,
    status: 200,
    response: historyResponseSchema,
  }),
  historyCsv: endpoint({
    method: 'GET',
    path: '/tracking/pages/:id/history.csv',
    params: trackedPageParamsSchema,
    query: historyExportQuerySchema,
    status: 200,
    response: z.string(),
    media: { type: 'text/csv', description: 'The history as CSV' },
  }),
  checkDetail: endpoint({
    method: 'GET',
    path: '/tracking/pages/:id/checks/:checkId',
    params: checkParamsSchema,
    status: 200,
    response: trackingCheckDetailSchema,
  }),
  alerts: endpoint({
    method: 'GET',
    path: '/tracking/pages/:id/alerts',
    params: trackedPageParamsSchema,
    status: 200,
    response: alertListSchema,
  }),
  fieldHistory: endpoint({
    method: 'GET',
    path: '/tracking/pages/:id/field-history',
    params: trackedPageParamsSchema,
    query: fieldHistoryQuerySchema,
    status: 200,
    response: fieldHistoryResponseSchema,
  }),
  compare: endpoint({
    method: 'GET',
    path: '/tracking/pages/:id/compare',
    params: trackedPageParamsSchema,
    query: compareQuerySchema,
    status: 200,
    response: comparisonSchema,
  }),
  storage: endpoint({
    method: 'GET',
    path: '/tracking/storage',
    status: 200,
    response: trackingStorageSchema,
  }),
};
