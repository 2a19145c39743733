import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNTS_ENDPOINTS as ACCOUNTS } from '@core/endpoints/accounts';
import { DELETE_LINK_TTL_MINUTES } from '@core/limits';
import { ACCOUNT_DATA_MESSAGES, EMAIL_MESSAGES } from '@core/messages';
import { ROUTES } from '@core/routes';
import { errorResponseSchema } from '@core/schemas/common';
import { AccountDeletion } from '../../account-data/account-deletion';
import { exportAccount, exportFileName } from '../../account-data/account-export';
import { linkBaseUrl } from '../../auth/link-emails';
import { verifyPassword } from '../../auth/passwords';
import { endpointRoute } from '../../http/endpoint-route';
import { SESSION_EXPIRED, authenticate, requireSignedIn } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';
import { requireUnthrottled, throttleRules } from '../auth/throttle-rules';
import { Forbidden, Unauthorized } from '../../domain/errors';

const docs = {
  tags: ['account'],
  errors: {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    409: errorResponseSchema,
    429: errorResponseSchema,
    502: errorResponseSchema,
  },
};

/** A user's data: the export of all of it, and the deletion of the account. */
export const accountDataRoutes = routesUsing(
  [
    'billing',
    'clock',
    'config',
    'db',
    'email',
    'oneTimeTokens',
    'paypal',
    'sessions',
    'throttle',
    'tokenSignIn',
    'users',
  ],
  async (app, { services }) => {
    const rules = throttleRules(services.config);
    const deletion = new AccountDeletion({
      db: services.db,
      clock: services.clock,
      payments: services.billing.provider,
      paypal: services.paypal,
      email: services.email,
      log: app.log,
    });

    await app.register(async (scope) => {
      requireSignedIn(scope);
      const api = scope.withTypeProvider<ZodTypeProvider>();

      api.route({
        ...endpointRoute(ACCOUNTS.exportData, {
          tags: ['account'],
          description: 'A zip of JSON and CSV files: everything held about the signed-in user.',
          errors: { 401: errorResponseSchema },
        }),
        handler: async (request, reply) => {
          const { user } = request.signedIn;
          const now = services.clock.now();
          const zip = await exportAccount(services.db, { id: user.id, email: user.email }, now);
          return reply
            .header('content-type', 'application/zip')
            .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
            .header('cache-control', 'no-store')
            .send(Buffer.from(zip));
        },
      });

      api.route({
        ...endpointRoute(ACCOUNTS.requestDeleteLink, docs),
        handler: async (request) => {
          const { user } = request.signedIn;
          requireUnthrottled(await services.throttle.hit(rules.emailsToAddress(user.email)));
          const token = await services.oneTimeTokens.issue({
            userId: user.id,
            purpose: 'delete_account',
            ttlMinutes: DELETE_LINK_TTL_MINUTES,
            originUrl: ROUTES.accountDelete,
          });
          const link = new URL(ROUTES.accountDelete, `${linkBaseUrl(services, request, user)}/`);
          link.searchParams.set('token', token);
          await services.email.send({
            to: user.email,
            subject: EMAIL_MESSAGES.deleteLinkSubject,
            text: `${EMAIL_MESSAGES.greeting(user.name)}\n\n${EMAIL_MESSAGES.deleteLinkText(link.toString(), DELETE_LINK_TTL_MINUTES)}\n`,
            link: link.toString(),
          });
          return {
            status: 'SUCCESS',
            message: ACCOUNT_DATA_MESSAGES.linkSent(DELETE_LINK_TTL_MINUTES),
          };
        },
      });
    });

    // The emailed link's token is proof enough: it may be opened where nobody is signed in.
    app.withTypeProvider<ZodTypeProvider>().route({
      ...endpointRoute(ACCOUNTS.deleteAccount, docs),
      handler: async (request) => {
        const { password, token } = request.body;
        if (token !== undefined) {
          const userId = await services.oneTimeTokens.holder(token, 'delete_account');
          const user = userId ? await services.users.byId(userId) : undefined;
          const deleted =
            user &&
            (await deletion.delete(
              user,
              async (trx) =>
                (await services.oneTimeTokens.consume(token, 'delete_account', trx)) !== null,
            ));
          if (!deleted) throw new Unauthorized(ACCOUNT_DATA_MESSAGES.linkUnusable);
        } else {
          const auth = await authenticate(services, request);
          if (!auth) throw new Unauthorized(SESSION_EXPIRED);
          const { user } = auth;
          if (!user.password_hash) throw new Forbidden(ACCOUNT_DATA_MESSAGES.noPassword);
          const failures = rules.loginFailures(user.email);
          requireUnthrottled(await services.throttle.check(failures));
          if (!(await verifyPassword(user.password_hash, password ?? ''))) {
            await services.throttle.hit(failures);
            throw new Forbidden(ACCOUNT_DATA_MESSAGES.passwordIncorrect);
          }
          await deletion.delete(user);
        }
        return { status: 'DELETED' as const, message: ACCOUNT_DATA_MESSAGES.deleted };
      },
    });
  },
);
