import { entitlementsOf, type Entitlements } from '@core/entitlements';
import type { Plan } from '@core/plans';
import type { Holder } from '../domain/workspace-access';

/** Quota subject: the workspace, or the visitor's IP address for anonymous use. */
export function subjectOf(holder: Holder | null, ip: string): string {
  return holder ? holder.id : `ip:${ip}`;
}

/** What the workspace's plan allows; visitors get the free plan's allowance per IP address. */
export function entitlementsFor(holder: Holder | null): Entitlements {
  return entitlementsOf(holder?.planId);
}

/** The plan whose rules `entitlementsFor` reads. */
export function planOf(holder: Holder | null): Plan {
  return entitlementsFor(holder).plan;
}
