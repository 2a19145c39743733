import type { RumField } from '@core/schemas/rum';
import { pageGroupOf } from './rum-collector';
import type { RumCounts, RumFilter } from './rum-counts';
import type { RumSites, RumViewer } from './rum-sites';

/**
 * A page's own visitors' figures, to show beside its lab run and CrUX: those of its page
 * group and of its whole site, from the viewer's RUM site that takes beacons from the
 * page's origin (none: `site` is null and the figures are empty).
 */
export async function fieldForUrl(
  { sites, counts }: { sites: RumSites; counts: RumCounts },
  viewer: RumViewer,
  url: string,
  window: Pick<RumFilter, 'from' | 'to' | 'device'>,
): Promise<RumField> {
  const { origin, pathname } = new URL(url);
  const pageGroup = pageGroupOf(pathname);
  const site = (await sites.list(viewer, '')).find((one) => one.origins.includes(origin));
  if (!site)
    return { site: null, from: window.from, to: window.to, pageGroup, page: {}, origin: {} };
  const [page, whole] = await Promise.all([
    counts.figures(site.id, { ...window, pageGroup }),
    counts.figures(site.id, window),
  ]);
  return {
    site: { id: site.id, name: site.name },
    from: window.from,
    to: window.to,
    pageGroup,
    page,
    origin: whole,
  };
}
