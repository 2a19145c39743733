import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WORKSPACE_ENDPOINTS as WORKSPACES } from '@core/endpoints/workspaces';
import { ROUTES } from '@core/routes';
import { errorResponseSchema } from '@core/schemas/common';
import { emailLinkBase } from '../../emails/app-links';
import { endpointRoute } from '../../http/endpoint-route';
import { publicBaseUrl } from '../../http/public-base-url';
import { requireSignedIn } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';
import { workspaceDocs } from './route-docs';

const docs = workspaceDocs;

/**
 * A shared workspace's people: members and their roles, invitations by email and their
 * acceptance, leaving and the transfer of ownership. The sign-in hook has checked the
 * caller's role by then (core/workspaces/policy.ts).
 */
export const workspaceMemberRoutes = routesUsing(
  ['config', 'workspaceMembers'],
  async (app, { services }) => {
    requireSignedIn(app);
    const api = app.withTypeProvider<ZodTypeProvider>();
    const members = services.workspaceMembers;

    api.route({
      ...endpointRoute(WORKSPACES.members, docs),
      handler: async (request) => members.list(request.workspace.id),
    });

    api.route({
      ...endpointRoute(WORKSPACES.changeRole, docs),
      handler: async (request) =>
        members.changeRole(request.workspace, request.params.userId, request.body.role),
    });

    api.route({
      ...endpointRoute(WORKSPACES.removeMember, docs),
      handler: async (request) => {
        await members.remove(request.workspace, request.params.userId);
        return { deleted: true as const };
      },
    });

    api.route({
      ...endpointRoute(WORKSPACES.leave, docs),
      handler: async (request) => {
        await members.remove(request.workspace, request.signedIn.user.id);
        return { left: true as const };
      },
    });

    api.route({
      ...endpointRoute(WORKSPACES.transfer, docs),
      handler: async (request) => members.transfer(request.workspace, request.body.userId),
    });

    api.route({
      ...endpointRoute(WORKSPACES.invite, docs),
      handler: async (request, reply) => {
        const inviter = request.signedIn.user;
        // The link opens where the inviter uses the app, else where this request came.
        const base =
          emailLinkBase(services.config, inviter.sign_in_origin) ??
          publicBaseUrl(services.config.PUBLIC_URL, request);
        const invite = await members.invite(request.workspace, inviter, request.body, (token) => {
          const url = new URL(ROUTES.invite, `${base}/`);
          url.searchParams.set('token', token);
          return url.toString();
        });
        return reply.status(201).send(invite);
      },
    });

    api.route({
      ...endpointRoute(WORKSPACES.invites, docs),
      handler: async (request) => members.invites(request.workspace.id),
    });

    api.route({
      ...endpointRoute(WORKSPACES.revokeInvite, docs),
      handler: async (request) => {
        await members.revokeInvite(request.workspace.id, request.params.inviteId);
        return { deleted: true as const };
      },
    });

    api.route({
      ...endpointRoute(WORKSPACES.acceptInvite, {
        ...docs,
        errors: { ...docs.errors, 410: errorResponseSchema },
      }),
      handler: async (request) => members.accept(request.params.token, request.signedIn.user),
    });
  },
);
