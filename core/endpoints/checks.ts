import { z } from 'zod';
import {
  checkListQuerySchema,
  checkListSchema,
  checkSchema,
  createCheckBodySchema,
} from '../schemas/checks';
import { endpoint } from './endpoint';

/** CI checks of a workspace: started by a pipeline (an API token) or a person. */
export const CHECK_ENDPOINTS = {
  createCheck: endpoint({
    method: 'POST',
    path: '/checks',
    body: createCheckBodySchema,
    status: 202,
    response: z.object({ id: z.string() }),
  }),
  getCheck: endpoint({
    method: 'GET',
    path: '/checks/:id',
    params: z.object({ id: z.string().uuid() }),
    status: 200,
    response: checkSchema,
  }),
  listChecks: endpoint({
    method: 'GET',
    path: '/checks',
    query: checkListQuerySchema,
    status: 200,
    response: checkListSchema,
  }),
};
