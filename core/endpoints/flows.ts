import { deletedSchema } from '../schemas/common';
import {
  flowIdParamsSchema,
  flowListSchema,
  flowRunListSchema,
  flowRunParamsSchema,
  flowRunSchema,
  flowSchema,
  importedFlowSchema,
  importRecorderBodySchema,
  patchFlowBodySchema,
  putSecretBodySchema,
  secretListSchema,
  secretParamsSchema,
  secretSchema,
  startFlowRunResponseSchema,
} from '../flows/flow-api';
import { flowBodySchema } from '../flows/flow-schema';
import { flowAlertListSchema } from '../flows/flow-tracking';
import { z } from 'zod';
import { endpoint } from './endpoint';

/** User flows of a workspace, their runs, and the secrets their steps type by name. */
export const FLOW_ENDPOINTS = {
  createFlow: endpoint({
    method: 'POST',
    path: '/flows',
    body: flowBodySchema,
    status: 201,
    response: z.object({ id: z.string() }),
  }),
  listFlows: endpoint({ method: 'GET', path: '/flows', status: 200, response: flowListSchema }),
  getFlow: endpoint({
    method: 'GET',
    path: '/flows/:id',
    params: flowIdParamsSchema,
    status: 200,
    response: flowSchema,
  }),
  updateFlow: endpoint({
    method: 'PATCH',
    path: '/flows/:id',
    params: flowIdParamsSchema,
    body: patchFlowBodySchema,
    status: 200,
    response: flowSchema,
  }),
  deleteFlow: endpoint({
    method: 'DELETE',
    path: '/flows/:id',
    params: flowIdParamsSchema,
    status: 200,
    response: deletedSchema,
  }),
  startRun: endpoint({
    method: 'POST',
    path: '/flows/:id/runs',
    params: flowIdParamsSchema,
    status: 202,
    response: startFlowRunResponseSchema,
  }),
  listRuns: endpoint({
    method: 'GET',
    path: '/flows/:id/runs',
    params: flowIdParamsSchema,
    status: 200,
    response: flowRunListSchema,
  }),
  listAlerts: endpoint({
    method: 'GET',
    path: '/flows/:id/alerts',
    params: flowIdParamsSchema,
    status: 200,
    response: flowAlertListSchema,
  }),
  getRun: endpoint({
    method: 'GET',
    path: '/flows/runs/:runId',
    params: flowRunParamsSchema,
    status: 200,
    response: flowRunSchema,
  }),
  importRecorder: endpoint({
    method: 'POST',
    path: '/flows/import-recorder',
    body: importRecorderBodySchema,
    status: 200,
    response: importedFlowSchema,
  }),
  listSecrets: endpoint({
    method: 'GET',
    path: '/secrets',
    status: 200,
    response: secretListSchema,
  }),
  putSecret: endpoint({
    method: 'PUT',
    path: '/secrets/:name',
    params: secretParamsSchema,
    body: putSecretBodySchema,
    status: 200,
    response: secretSchema,
  }),
  deleteSecret: endpoint({
    method: 'DELETE',
    path: '/secrets/:name',
    params: secretParamsSchema,
    status: 200,
    response: deletedSchema,
  }),
};
