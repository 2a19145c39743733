import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHECK_ENDPOINTS as CHECKS } from '@core/endpoints/checks';
import { CHECK_ERROR_CODES, CHECK_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import { NotFound } from '../../domain/errors';
import { endpointRoute } from '../../http/endpoint-route';
import { requireSignedIn } from '../../plugins/authenticate';
import { quotaHolder } from '../../plugins/meter';
import { routesUsing } from '../../plugins/routes-using';

const tags = ['checks'];
const signedIn = { 401: errorResponseSchema, 403: errorResponseSchema };
const startErrors = {
  ...signedIn,
  400: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

/**
 * CI checks of the workspace the request acts in (a pipeline's API token's, or a person's
 * current one). Another workspace's check is a 404, as one that does not exist.
 */
export const checkRoutes = routesUsing(['ciChecks'], async (app, { services }) => {
  requireSignedIn(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { ciChecks } = services;

  api.route({
    ...endpointRoute(CHECKS.createCheck, { tags, errors: startErrors }),
    handler: async (request, reply) => {
      const { subject, entitlements } = quotaHolder(request);
      const { user, token } = request.signedIn;
      const started = await ciChecks.start(request.body, {
        subject,
        workspaceId: request.workspace.id,
        userId: user.id,
        tokenName: token?.name ?? null,
        entitlements,
        charge: (uses) => reply.charge('speed', uses),
      });
      return reply.status(202).send(started);
    },
  });

  api.route({
    ...endpointRoute(CHECKS.getCheck, { tags, errors: { ...signedIn, 404: errorResponseSchema } }),
    handler: async (request) => {
      const check = await ciChecks.read(request.params.id, request.workspace.id);
      if (!check) throw new NotFound(CHECK_MESSAGES.notFound, CHECK_ERROR_CODES.notFound);
      return check;
    },
  });

  api.route({
    ...endpointRoute(CHECKS.listChecks, { tags, errors: signedIn }),
    handler: async (request) => ciChecks.list(request.workspace.id, request.query.before),
  });
});
