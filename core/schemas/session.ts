import { z } from 'zod';
import type { AuthResponse } from './auth';

/** The browser's stored session record of spec 000 §3. */
export const storedSessionSchema = z.object({
  name: z.string(),
  email: z.string(),
  userId: z.string(),
  token: z.string(),
  planId: z.number().int().min(1).max(4),
  renewDate: z.string().nullable(),
  billingCycle: z.number().int().min(0).max(2),
  cancelDate: z.string().nullable(),
  google: z.boolean(),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

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

/** Spec 000 §3: the stored session record built from the auth object. */
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
