import type { SerpVendor } from '@core/schemas/serp';
import { dataForSeoVendor } from './dataforseo';
import { serpApiVendor } from './serpapi';
import { serperVendor } from './serper';
import { valueSerpVendor } from './valueserp';

/** Every SERP vendor SpeedRank has an adapter for: one line each (core's SERP_VENDORS names them). */
export const SERP_VENDOR_DESCRIPTORS = {
  serpapi: serpApiVendor,
  valueserp: valueSerpVendor,
  dataforseo: dataForSeoVendor,
  serper: serperVendor,
} as const satisfies Record<SerpVendor, unknown>;

type Descriptors = typeof SERP_VENDOR_DESCRIPTORS;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;

/** The vendors' variables, for the app's configuration schema. */
export const SERP_VENDOR_ENV = Object.assign(
  {},
  ...Object.values(SERP_VENDOR_DESCRIPTORS).map((vendor) => vendor.env),
) as UnionToIntersection<Descriptors[SerpVendor]['env']>;

/** The variables every vendor reads, parsed. */
export type SerpVendorEnv = UnionToIntersection<Parameters<Descriptors[SerpVendor]['hasKey']>[0]>;

/** Whether a vendor's credentials are set. */
export const hasSerpKey = (env: SerpVendorEnv, vendor: SerpVendor): boolean =>
  SERP_VENDOR_DESCRIPTORS[vendor].hasKey(env);
