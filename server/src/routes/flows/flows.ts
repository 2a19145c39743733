import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FLOW_ENDPOINTS as FLOWS } from '@core/endpoints/flows';
import { entitlementsOf } from '@core/entitlements';
import { errorResponseSchema } from '@core/schemas/common';
import { requireSchedule } from '../../domain/plan-refusals';
import { importRecorder } from '../../flows/recorder-import';
import { endpointRoute } from '../../http/endpoint-route';
import { requireSignedIn } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';

const tags = ['flows'];
const signedIn = { 401: errorResponseSchema, 403: errorResponseSchema };
const ofOne = { ...signedIn, 404: errorResponseSchema };
const changes = { ...ofOne, 400: errorResponseSchema };

/**
 * User flows of the workspace the request acts in, their runs, and its secrets. Another
 * workspace's flow or run is a 404, as one that does not exist.
 */
export const flowRoutes = routesUsing(
  ['flows', 'flowRuns', 'flowTracking', 'workspaceSecrets'],
  async (app, { services }) => {
    requireSignedIn(app);
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { flows, flowRuns, flowTracking, workspaceSecrets } = services;

    api.route({
      ...endpointRoute(FLOWS.createFlow, {
        tags,
        errors: { ...signedIn, 400: errorResponseSchema },
      }),
      handler: async (request, reply) => {
        const { workspace, signedIn: who } = request;
        const limit = entitlementsOf(workspace.planId).flowLimit;
        const created = await flows.create(workspace.id, who.user.id, request.body, limit);
        return reply.status(201).send(created);
      },
    });

    api.route({
      ...endpointRoute(FLOWS.listFlows, { tags, errors: signedIn }),
      handler: async (request) => ({
        flows: await flows.list(request.workspace.id),
        limit: entitlementsOf(request.workspace.planId).flowLimit,
      }),
    });

    api.route({
      ...endpointRoute(FLOWS.importRecorder, {
        tags,
        errors: { ...signedIn, 400: errorResponseSchema },
      }),
      handler: async (request) => {
        const { flow, notes } = importRecorder(request.body.recording);
        return { ...flow, notes };
      },
    });

    api.route({
      ...endpointRoute(FLOWS.getFlow, { tags, errors: ofOne }),
      handler: async (request) => flows.get(request.workspace.id, request.params.id),
    });

    api.route({
      ...endpointRoute(FLOWS.updateFlow, { tags, errors: changes }),
      handler: async (request) => {
        const { schedule } = request.body;
        if (schedule) requireSchedule(entitlementsOf(request.workspace.planId), schedule);
        return flows.update(request.workspace.id, request.params.id, request.body);
      },
    });

    api.route({
      ...endpointRoute(FLOWS.deleteFlow, { tags, errors: { ...ofOne, 409: errorResponseSchema } }),
      handler: async (request) => {
        await flows.remove(request.workspace.id, request.params.id);
        return { deleted: true as const };
      },
    });

    api.route({
      ...endpointRoute(FLOWS.startRun, {
        tags,
        errors: { ...changes, 429: errorResponseSchema, 503: errorResponseSchema },
      }),
      handler: async (request, reply) => {
        const flow = await flows.get(request.workspace.id, request.params.id);
        const started = await flowRuns.start(flow, {
          workspaceId: request.workspace.id,
          userId: request.signedIn.user.id,
          charge: (uses) => reply.charge('speed', uses),
        });
        return reply.status(202).send(started);
      },
    });

    api.route({
      ...endpointRoute(FLOWS.listRuns, { tags, errors: ofOne }),
      handler: async (request) => {
        const flow = await flows.get(request.workspace.id, request.params.id);
        return { runs: await flowRuns.list(flow.id) };
      },
    });

    api.route({
      ...endpointRoute(FLOWS.listAlerts, { tags, errors: ofOne }),
      handler: async (request) => {
        const flow = await flows.get(request.workspace.id, request.params.id);
        return { alerts: await flowTracking.alerts(flow.id) };
      },
    });

    api.route({
      ...endpointRoute(FLOWS.getRun, { tags, errors: ofOne }),
      handler: async (request) => flowRuns.read(request.workspace.id, request.params.runId),
    });

    api.route({
      ...endpointRoute(FLOWS.listSecrets, { tags, errors: signedIn }),
      handler: async (request) => ({ secrets: await workspaceSecrets.list(request.workspace.id) }),
    });

    api.route({
      ...endpointRoute(FLOWS.putSecret, {
        tags,
        errors: { ...signedIn, 400: errorResponseSchema },
      }),
      handler: async (request) =>
        workspaceSecrets.put(request.workspace.id, request.params.name, request.body.value),
    });

    api.route({
      ...endpointRoute(FLOWS.deleteSecret, { tags, errors: ofOne }),
      handler: async (request) => {
        await workspaceSecrets.remove(request.workspace.id, request.params.name);
        return { deleted: true as const };
      },
    });
  },
);
