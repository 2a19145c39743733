import {
  apiTokenListSchema,
  createTokenBodySchema,
  createdTokenSchema,
  tokenParamsSchema,
} from '../schemas/api-tokens';
import { deletedSchema } from '../schemas/common';
import { endpoint } from './endpoint';

/** The signed-in person's API tokens: made for one workspace each, listed, revoked. */
export const TOKEN_ENDPOINTS = {
  create: endpoint({
    method: 'POST',
    path: '/tokens',
    body: createTokenBodySchema,
    status: 201,
    response: createdTokenSchema,
  }),
  list: endpoint({ method: 'GET', path: '/tokens', status: 200, response: apiTokenListSchema }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/tokens/:id',
    params: tokenParamsSchema,
    status: 200,
    response: deletedSchema,
  }),
};
