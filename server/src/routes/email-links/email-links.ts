import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '@core/messages';
import { ACCOUNTS_ENDPOINTS, EMAIL_LINK_ENDPOINTS } from '@core/endpoints/accounts';
import { authErrorSchema, EMAIL_TOKEN_LENGTH } from '@core/schemas/auth';
import { safeOriginPath, sendLinkEmail, type LinkKind } from '../../auth/link-emails';
import { hashPassword } from '../../auth/passwords';
import { endpointRoute } from '../../http/endpoint-route';
import { requireSignedIn, sessionClaims } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';
import { signIn } from '../auth/sign-in';
import { requireUnthrottled, throttleRules } from '../auth/throttle-rules';
import { Unauthorized } from '../../domain/errors';

export const LINK_UNUSABLE = 'This link has expired or was already used. Please request a new one.';
const docs = {
  tags: ['auth'],
  errors: { 400: authErrorSchema, 401: authErrorSchema, 429: authErrorSchema },
};

/** Secure-link sign-in and password reset by email. */
export const emailLinkRoutes = routesUsing(
  ['billing', 'config', 'email', 'oneTimeTokens', 'sessions', 'throttle', 'userSettings', 'users'],
  async (app, { services }) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const rules = throttleRules(services.config);

    for (const kind of ['secure-link', 'reset-password'] as const satisfies LinkKind[]) {
      api.route({
        ...endpointRoute(EMAIL_LINK_ENDPOINTS[kind].send, docs),
        handler: async (request) => {
          const { email } = request.params;
          requireUnthrottled(
            await services.throttle.hit(rules.emailsFromIp(request.ip)),
            await services.throttle.hit(rules.emailsToAddress(email)),
          );
          const user = await services.users.byEmail(email);
          // The same answer whether or not the address has an account: no enumeration.
          if (user) {
            const { originUrl, searchKeyword, googleDomain, country, language } = request.body;
            // Where the user was and what they searched, for the sign-in to return to.
            await services.userSettings.save(user.id, {
              originUrl: safeOriginPath(originUrl),
              ...(searchKeyword ? { searchKeyword } : {}),
            });
            await sendLinkEmail(services, request, user, kind, {
              originUrl,
              searchKeyword,
              locale: { googleDomain, country, language },
            });
          }
          return { status: 'SUCCESS' };
        },
      });

      api.route({
        ...endpointRoute(EMAIL_LINK_ENDPOINTS[kind].open, docs),
        handler: async (request) => {
          const purpose = kind === 'secure-link' ? 'secure_link' : 'reset_password';
          const { token } = request.params;
          const wellFormed =
            token.length >= EMAIL_TOKEN_LENGTH.min && token.length <= EMAIL_TOKEN_LENGTH.max;
          const consumed = wellFormed && (await services.oneTimeTokens.consume(token, purpose));
          const user = consumed && (await services.users.byId(consumed.userId));
          if (!consumed || !user) throw new Unauthorized(LINK_UNUSABLE);
          if (consumed.pendingPasswordHash && user.password_hash === null) {
            await services.users.update(user.id, { password_hash: consumed.pendingPasswordHash });
            user.password_hash = consumed.pendingPasswordHash;
          }
          return signIn(services, request, user);
        },
      });
    }

    // The reset link's token is the bearer: without a live one, the link is spent.
    await api.register(async (scope) => {
      requireSignedIn(scope, { message: MESSAGES.noResetToken });
      scope.withTypeProvider<ZodTypeProvider>().route({
        ...endpointRoute(ACCOUNTS_ENDPOINTS.resetPassword, docs),
        handler: async (request) => {
          const auth = request.signedIn;
          await services.users.update(auth.user.id, {
            password_hash: await hashPassword(request.body.password),
          });
          // Whoever else held a session for this account loses it with the old password.
          await services.sessions.revokeAllExcept(auth.user.id, sessionClaims(auth).sessionId);
          return { status: 'SUCCESS' };
        },
      });
    });
  },
);
