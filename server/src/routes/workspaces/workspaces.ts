import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WORKSPACE_ENDPOINTS as WORKSPACES } from '@core/endpoints/workspaces';
import { WORKSPACE_ERROR_CODES, WORKSPACE_MESSAGES } from '@core/messages/workspaces';
import { errorResponseSchema } from '@core/schemas/common';
import { NotFound } from '../../domain/errors';
import { endpointRoute } from '../../http/endpoint-route';
import { requireSignedIn } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';
import { workspaceDocs } from './route-docs';

const docs = workspaceDocs;

/**
 * The caller's workspaces: list, create, rename (an admin), delete (the owner, with their
 * password), and its audit log (an admin's). The sign-in hook has checked the role by then
 * (core/workspaces/policy.ts).
 */
export const workspaceRoutes = routesUsing(['audit', 'workspaces'], async (app, { services }) => {
  requireSignedIn(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { workspaces } = services;

  api.route({
    ...endpointRoute(WORKSPACES.list, { tags: docs.tags, errors: { 401: errorResponseSchema } }),
    handler: async (request) => workspaces.list(request.signedIn.user.id),
  });

  api.route({
    ...endpointRoute(WORKSPACES.create, docs),
    handler: async (request, reply) =>
      reply.status(201).send(await workspaces.create(request.signedIn.user, request.body.name)),
  });

  api.route({
    ...endpointRoute(WORKSPACES.rename, docs),
    handler: async (request) => {
      await workspaces.rename(request.workspace, request.body.name);
      const renamed = await workspaces.one(request.signedIn.user.id, request.workspace.id);
      if (!renamed) throw new NotFound(WORKSPACE_MESSAGES.notFound, WORKSPACE_ERROR_CODES.notFound);
      return renamed;
    },
  });

  api.route({
    ...endpointRoute(WORKSPACES.audit, docs),
    handler: async (request) => services.audit.page(request.workspace.id, request.query),
  });

  api.route({
    ...endpointRoute(WORKSPACES.remove, docs),
    handler: async (request) => {
      await workspaces.delete(request.workspace, request.signedIn.user, request.body.password);
      return { deleted: true as const };
    },
  });
});
