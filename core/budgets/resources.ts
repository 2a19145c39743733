import { z } from 'zod';
import { median } from '../statistics';

/**
 * The resource types Lighthouse's `resource-summary` audit counts, as its budget file names
 * them: `third-party` overlaps the others, and `total` counts every request.
 */
export const RESOURCE_TYPES = [
  'document',
  'script',
  'stylesheet',
  'image',
  'media',
  'font',
  'other',
  'third-party',
  'total',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const RESOURCE_LABELS: Record<ResourceType, string> = {
  document: 'Document',
  script: 'Scripts',
  stylesheet: 'Stylesheets',
  image: 'Images',
  media: 'Media',
  font: 'Fonts',
  other: 'Other',
  'third-party': 'Third-party',
  total: 'Total',
};

const weightSchema = z.object({
  requests: z.number().int().nonnegative(),
  /** Transfer size in bytes, as Lighthouse sums it. */
  bytes: z.number().nonnegative(),
});

/** What a page load fetched, by type; every type present once a lab reports it. */
export const resourcesSchema = z.record(z.enum(RESOURCE_TYPES), weightSchema);
export type Resources = z.infer<typeof resourcesSchema>;

/**
 * An LHR's `resource-summary` table as resources by type (matched on `resourceType`, never
 * on the localized label); null when the audit is missing or not a table of the 9 types.
 */
export function resourcesOf(audit: { details?: unknown } | undefined): Resources | null {
  const details = audit?.details as { items?: unknown } | undefined;
  const items = Array.isArray(details?.items) ? (details.items as unknown[]) : [];
  const resources: Partial<Resources> = {};
  for (const item of items) {
    const row = item as { resourceType?: unknown; requestCount?: unknown; transferSize?: unknown };
    const type = RESOURCE_TYPES.find((t) => t === row.resourceType);
    if (!type || typeof row.requestCount !== 'number' || typeof row.transferSize !== 'number')
      continue;
    resources[type] = { requests: row.requestCount, bytes: row.transferSize };
  }
  return RESOURCE_TYPES.every((type) => resources[type]) ? (resources as Resources) : null;
}

/** The median requests and bytes of each type over samples that reported them; null for none. */
export function medianResources(all: readonly Resources[]): Resources | null {
  if (all.length === 0) return null;
  return Object.fromEntries(
    RESOURCE_TYPES.map((type) => [
      type,
      {
        requests: Math.round(median(all.map((r) => r[type]?.requests ?? 0))),
        bytes: Math.round(median(all.map((r) => r[type]?.bytes ?? 0))),
      },
    ]),
  ) as Resources;
}
