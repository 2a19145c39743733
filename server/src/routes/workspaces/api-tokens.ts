import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TOKEN_ENDPOINTS as TOKENS } from '@core/endpoints/api-tokens';
import { endpointRoute } from '../../http/endpoint-route';
import { requireSignedIn } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';
import { workspaceDocs } from './route-docs';

const docs = { ...workspaceDocs, tags: ['tokens'] };

/**
 * The signed-in person's API tokens. These routes are outside the workspace policy, so no
 * token reaches them: a token cannot make, list or revoke tokens.
 */
export const apiTokenRoutes = routesUsing(['apiTokens'], async (app, { services }) => {
  requireSignedIn(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { apiTokens } = services;

  api.route({
    ...endpointRoute(TOKENS.create, docs),
    handler: async (request, reply) =>
      reply.status(201).send(await apiTokens.create(request.signedIn.user.id, request.body)),
  });

  api.route({
    ...endpointRoute(TOKENS.list, docs),
    handler: async (request) => apiTokens.list(request.signedIn.user.id),
  });

  api.route({
    ...endpointRoute(TOKENS.revoke, docs),
    handler: async (request) => {
      await apiTokens.revoke(request.signedIn.user.id, request.params.id);
      return { deleted: true as const };
    },
  });
});
