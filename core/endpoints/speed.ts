import { z } from 'zod';
import {
  speedTestCompareQuerySchema,
  speedTestComparisonSchema,
  speedTestHistoryQuerySchema,
  speedTestHistorySchema,
} from '../schemas/speed-tests';
import { runStatusSchema, speedReadinessSchema, startRunRequestSchema } from '../speed';
import { endpoint } from './endpoint';

const runParamsSchema = z.object({ runId: z.string().uuid() });

/** Speed samples as server jobs, and a signed-in user's earlier speed tests of a URL. */
export const SPEED_ENDPOINTS = {
  getReadiness: endpoint({
    method: 'GET',
    path: '/pagespeed/readiness',
    status: 200,
    response: speedReadinessSchema,
  }),
  startRun: endpoint({
    method: 'POST',
    path: '/pagespeed/runs',
    body: startRunRequestSchema,
    status: 202,
    response: z.object({ runId: z.string(), testId: z.string() }),
  }),
  getRun: endpoint({
    method: 'GET',
    path: '/pagespeed/runs/:runId',
    params: runParamsSchema,
    status: 200,
    response: runStatusSchema,
  }),
  cancelRun: endpoint({
    method: 'DELETE',
    path: '/pagespeed/runs/:runId',
    params: runParamsSchema,
    status: 200,
    response: z.object({ cancelled: z.boolean() }),
  }),
  /** Read by an EventSource. */
  followRun: endpoint({
    method: 'GET',
    path: '/pagespeed/runs/:runId/events',
    params: runParamsSchema,
    status: 200,
    response: z.string(),
    media: {
      type: 'text/event-stream',
      description: 'Server-Sent Events: `data: { stage, status }` until the run ends.',
    },
  }),
  listTests: endpoint({
    method: 'GET',
    path: '/pagespeed/tests',
    query: speedTestHistoryQuerySchema,
    status: 200,
    response: speedTestHistorySchema,
  }),
  compareTests: endpoint({
    method: 'GET',
    path: '/pagespeed/tests/compare',
    query: speedTestCompareQuerySchema,
    status: 200,
    response: speedTestComparisonSchema,
  }),
};
