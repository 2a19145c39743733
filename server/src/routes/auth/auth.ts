import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_CODES, MESSAGES } from '@core/messages';
import { ACCOUNTS_ENDPOINTS as ACCOUNTS } from '@core/endpoints/accounts';
import { authErrorSchema } from '@core/schemas/auth';
import { sendLinkEmail } from '../../auth/link-emails';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { toAuthResponse } from '../../auth/users';
import type { User } from '../../db/schema';
import { endpointRoute } from '../../http/endpoint-route';
import { SESSION_EXPIRED, requireSignedIn, sessionClaims } from '../../plugins/authenticate';
import { routesUsing } from '../../plugins/routes-using';
import { signIn } from './sign-in';
import { requireUnthrottled, throttleRules } from './throttle-rules';
import { Conflict, NotFound, Unauthorized } from '../../domain/errors';

const errors = {
  400: authErrorSchema,
  401: authErrorSchema,
  404: authErrorSchema,
  409: authErrorSchema,
  429: authErrorSchema,
};
const docs = { tags: ['auth'], errors };
const GOOGLE_OFF = 'Google sign-in is not configured.';
const GOOGLE_UNVERIFIED = 'Google sign-in could not be verified.';

/** A user row that predates passwords: no password and no Google account. */
const isLegacy = (user: User) => user.password_hash === null && user.google_sub === null;

/**
 * The authentication calls: registration, sign-in with a password or Google, creating a
 * password, token refresh and token status.
 */
export const authRoutes = routesUsing(
  ['billing', 'config', 'email', 'oneTimeTokens', 'sessions', 'throttle', 'users', 'verifyGoogle'],
  async (app, { services }) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const rules = throttleRules(services.config);
    const { users, sessions, throttle } = services;

    /** Legacy accounts confirm a new password through a secure link to their address. */
    const confirmLegacyPassword = async (
      request: Parameters<typeof sendLinkEmail>[1],
      user: User,
      password: string,
    ) => {
      await sendLinkEmail(services, request, user, 'secure-link', {
        locale: {},
        pendingPasswordHash: await hashPassword(password),
      });
    };

    /**
     * The Google account a credential names, once Google sign-in is configured and the
     * caller's `throttle` lets it through; refusals are thrown.
     */
    const googleIdentity = async (
      credential: string,
      throttled: () => ReturnType<typeof throttle.hit>,
    ) => {
      if (!services.verifyGoogle) throw new NotFound(GOOGLE_OFF);
      requireUnthrottled(await throttled());
      const identity = await services.verifyGoogle(credential);
      if (!identity) throw new Unauthorized(GOOGLE_UNVERIFIED);
      return identity;
    };

    api.route({
      ...endpointRoute(ACCOUNTS.register, docs),
      handler: async (request, reply) => {
        const { email, name, password } = request.body;
        requireUnthrottled(await throttle.hit(rules.registrations(request.ip)));
        const existing = await users.byEmail(email);
        if (existing && isLegacy(existing)) {
          requireUnthrottled(await throttle.hit(rules.emailsToAddress(email)));
          await confirmLegacyPassword(request, existing, password);
          return reply.status(202).send({ status: 'CONFIRM_EMAIL' });
        }
        if (existing) throw new Conflict(MESSAGES.emailAlreadyRegistered);
        const user = await users.create({
          email,
          name: name ?? '',
          passwordHash: await hashPassword(password),
          googleSub: null,
        });
        if (!user) throw new Conflict(MESSAGES.emailAlreadyRegistered);
        return signIn(services, request, user);
      },
    });

    api.route({
      ...endpointRoute(ACCOUNTS.login, docs),
      handler: async (request) => {
        const { email, password } = request.body;
        const attempt = await throttle.hit(rules.loginAttempts(request.ip));
        const failures = await throttle.check(rules.loginFailures(email));
        requireUnthrottled(attempt, failures);
        const user = await users.byEmail(email);
        if (!user) throw new NotFound(MESSAGES.emailNotOnFile);
        if (isLegacy(user)) throw new Conflict(AUTH_CODES.oldUser);
        const ok =
          user.password_hash !== null && (await verifyPassword(user.password_hash, password));
        if (!ok) {
          await throttle.hit(rules.loginFailures(email));
          throw new Conflict(
            AUTH_CODES.passwordIncorrect,
            undefined,
            user.password_hash === null ? { google: true } : {},
          );
        }
        return signIn(services, request, user);
      },
    });

    api.route({
      ...endpointRoute(ACCOUNTS.createPassword, docs),
      handler: async (request, reply) => {
        const { email, password } = request.body;
        requireUnthrottled(
          await throttle.hit(rules.emailsFromIp(request.ip)),
          await throttle.hit(rules.emailsToAddress(email)),
        );
        const user = await users.byEmail(email);
        if (!user) throw new NotFound(MESSAGES.emailNotOnFile);
        if (!isLegacy(user)) throw new Conflict(MESSAGES.emailAlreadyRegistered);
        await confirmLegacyPassword(request, user, password);
        return reply.status(202).send({ status: 'CONFIRM_EMAIL' });
      },
    });

    // The refreshed token carries the plan: due renewals and period ends apply first.
    await api.register(async (scope) => {
      requireSignedIn(scope, { settle: true });
      scope.withTypeProvider<ZodTypeProvider>().route({
        ...endpointRoute(ACCOUNTS.refresh, docs),
        handler: async (request) => {
          const { user } = request.signedIn;
          const token = await sessions.rotate(sessionClaims(request.signedIn));
          if (!token) throw new Unauthorized(SESSION_EXPIRED);
          return toAuthResponse(user, token);
        },
      });
    });

    api.route({
      ...endpointRoute(ACCOUNTS.tokenStatus, { tags: ['auth'], security: [{ bearer: [] }] }),
      preHandler: app.identify,
      handler: async (request) => {
        return { data: { status: request.auth ? ('SUCCESS' as const) : ('FAILURE' as const) } };
      },
    });

    api.route({
      ...endpointRoute(ACCOUNTS.googleRegister, docs),
      handler: async (request) => {
        const identity = await googleIdentity(request.body.credential, () =>
          throttle.hit(rules.registrations(request.ip)),
        );
        if ((await users.byEmail(identity.email)) || (await users.byGoogleSub(identity.sub))) {
          throw new Conflict(MESSAGES.emailAlreadyRegistered);
        }
        const user = await users.create({
          email: identity.email,
          name: request.body.name || identity.name,
          passwordHash: null,
          googleSub: identity.sub,
        });
        if (!user) throw new Conflict(MESSAGES.emailAlreadyRegistered);
        return signIn(services, request, user);
      },
    });

    api.route({
      ...endpointRoute(ACCOUNTS.googleLogin, docs),
      handler: async (request) => {
        const identity = await googleIdentity(request.body.credential, () =>
          throttle.hit(rules.loginAttempts(request.ip)),
        );
        const user =
          (await users.byGoogleSub(identity.sub)) ?? (await users.byEmail(identity.email));
        if (!user) throw new NotFound(MESSAGES.emailNotOnFile);
        // Google verified this address, so an account with the same email may link to it.
        if (user.google_sub === null) await users.update(user.id, { google_sub: identity.sub });
        return signIn(services, request, { ...user, google_sub: identity.sub });
      },
    });
  },
);
