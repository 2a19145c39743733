// Valibot, not zod: the browser reads this record at every page load, in the shell, where
// zod's core would weigh 15 KB gzipped and valibot's few functions weigh under 1 KB.
import * as v from 'valibot';
import type { AuthResponse } from './auth';

/** The session record kept in browser storage. */
export const storedSessionSchema = v.object({
  name: v.string(),
  email: v.string(),
  userId: v.string(),
  token: v.string(),
  planId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)),
  renewDate: v.nullable(v.string()),
  billingCycle: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2)),
  cancelDate: v.nullable(v.string()),
  google: v.boolean(),
});
export type StoredSession = v.InferOutput<typeof storedSessionSchema>;

export function blankSession(): StoredSession {
  return {
    name: '',
    email: '',
    userId: '',
    token: '',
    planId: 1,
    renewDate: null,
    billingCycle: 1,
    cancelDate: null,
    google: false,
  };
}

/** The stored session record built from the auth object. */
export function sessionFromAuth(auth: AuthResponse): StoredSession {
  return {
    ...blankSession(),
    name: auth.name,
    email: auth.email,
    userId: auth.userId,
    token: auth.token,
    planId: auth.planId,
    renewDate: auth.renewsAt,
    billingCycle: auth.billingCycle,
    cancelDate: auth.cancelsAt,
    google: auth.google,
  };
}
