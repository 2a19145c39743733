import type { FastifyRequest } from 'fastify';
import { TIME_ZONE_HEADER, timeZoneSchema } from '@core/schemas/time-zone';
import { toAuthResponse } from '../../auth/users';
import type { User } from '../../db/schema';
import { requestOrigin } from '../../emails/app-links';
import { settledUser } from '../../plugins/authenticate';
import type { Services } from '../../services';

/**
 * A new session for `user`; its answer carries the plan, so due renewals apply first. The
 * origin and the browser's time zone are kept for emails sent later without a request; a
 * zone that is missing or unknown keeps the one stored, rather than failing the sign-in.
 */
export async function signIn(
  services: Pick<Services, 'users' | 'sessions' | 'billing'>,
  request: FastifyRequest,
  user: User,
) {
  const zone = timeZoneSchema.safeParse(request.headers[TIME_ZONE_HEADER]);
  await services.users.noteSignIn(user.id, {
    origin: requestOrigin(request),
    timeZone: zone.success ? zone.data : null,
  });
  return toAuthResponse(await settledUser(services, user), await services.sessions.issue(user.id));
}
