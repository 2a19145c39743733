import type { App } from '../src/app';

let counter = 0;

/** Registers a user through the API and puts them on a plan; returns what requests need. */
export async function signUp(app: App, planId = 1) {
  const res = await app.inject({
    method: 'POST',
    url: '/backend-service/v1/auth/register',
    payload: { email: `user${Date.now()}-${counter++}@example.com`, password: 'password123' },
  });
  const { token, userId } = res.json() as { token: string; userId: string };
  await app.services.db.kysely
    .updateTable('users')
    .set({ plan_id: planId })
    .where('id', '=', userId)
    .execute();
  const user = (await app.services.users.byId(userId))!;
  // The personal workspace, whose id is the user's: what stores and quotas charge.
  const workspace = { id: userId, planId };
  return { token, userId, user, workspace, headers: { authorization: `Bearer ${token}` } };
}
