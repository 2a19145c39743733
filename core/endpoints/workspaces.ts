import {
  createWorkspaceBodySchema,
  createdWorkspaceSchema,
  deleteWorkspaceBodySchema,
  renameWorkspaceBodySchema,
  workspaceListSchema,
  workspaceParamsSchema,
  workspaceSchema,
} from '../schemas/workspaces';
import { deletedSchema } from '../schemas/common';
import { endpoint } from './endpoint';

/** The workspaces a signed-in user belongs to: create, list, rename, delete. */
export const WORKSPACE_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/workspaces',
    status: 200,
    response: workspaceListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/workspaces',
    body: createWorkspaceBodySchema,
    status: 201,
    response: createdWorkspaceSchema,
  }),
  rename: endpoint({
    method: 'PATCH',
    path: '/workspaces/:id',
    params: workspaceParamsSchema,
    body: renameWorkspaceBodySchema,
    status: 200,
    response: workspaceSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/workspaces/:id',
    params: workspaceParamsSchema,
    body: deleteWorkspaceBodySchema,
    status: 200,
    response: deletedSchema,
  }),
};
