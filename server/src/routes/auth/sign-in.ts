import { toAuthResponse, type User } from '../../auth/users';
import { settledUser } from '../../plugins/authenticate';
import type { Services } from '../../services';

/** A new session for `user`; its answer carries the plan, so due renewals apply first. */
export async function signIn(services: Services, user: User) {
  return toAuthResponse(await settledUser(services, user), await services.sessions.issue(user.id));
}
