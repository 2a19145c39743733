import { entitlementsOf, type Entitlements } from '@core/entitlements';
import type { Plan } from '@core/plans';
import type { User } from '../db/schema';

/** Quota subject: the user, or the visitor's IP address for anonymous use. */
export function subjectOf(user: User | null, ip: string): string {
  return user ? user.id : `ip:${ip}`;
}

/** What the user's plan allows; visitors get the free plan's allowance per IP address. */
export function entitlementsFor(user: User | null): Entitlements {
  return entitlementsOf(user?.plan_id);
}

/** The plan whose rules `entitlementsFor` reads. */
export function planOf(user: User | null): Plan {
  return entitlementsFor(user).plan;
}
