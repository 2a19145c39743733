import { errorPage, locationKey } from './generate';
import type { SandboxHost } from './host';
import type {
  ImageSpec,
  Location,
  PageModel,
  RedirectRule,
  SandboxModel,
  SiteModel,
} from './model';
import { isPublished } from './schedule';

/** The model with lookup tables, built once per process. */
export interface SandboxIndex {
  sandbox: SandboxModel;
  sites: Map<string, SiteModel>;
  pages: Map<string, PageModel>;
  redirects: Map<string, RedirectRule>;
  images: Map<string, ImageSpec>;
}

export function indexSandbox(sandbox: SandboxModel): SandboxIndex {
  return {
    sandbox,
    sites: new Map(sandbox.sites.map((site) => [site.id, site])),
    pages: new Map(sandbox.pages.map((page) => [locationKey(page), page])),
    redirects: new Map(sandbox.redirects.map((rule) => [locationKey(rule.from), rule])),
    images: new Map(sandbox.images.map((image) => [image.name, image])),
  };
}

export type Resolution =
  | { kind: 'page'; page: PageModel }
  | { kind: 'redirect'; status: 301 | 302; to: Location }
  | { kind: 'directory' }
  | { kind: 'unknown-site' };

/**
 * What a sandbox URL answers, before any I/O: the one routing rule the server and the
 * manifest share, so the manifest's redirect chains are the ones the server sends. Given a
 * sandbox day, a scheduled page not yet published that day answers 404; the manifest
 * resolves without one and lists every page with its schedule.
 */
export function resolveLocation(
  index: SandboxIndex,
  host: Pick<SandboxHost, 'site' | 'www'>,
  path: string,
  day?: number,
): Resolution {
  if (host.site === '') return { kind: 'directory' };
  const site = index.sites.get(host.site);
  if (!site) return { kind: 'unknown-site' };
  if (host.www) return { kind: 'redirect', status: 301, to: { site: site.id, path } };
  const key = `${site.id}${path}`;
  const rule = index.redirects.get(key);
  if (rule) return { kind: 'redirect', status: rule.status, to: rule.to };
  const page = index.pages.get(key);
  if (page && (day === undefined || !page.schedule || isPublished(page.schedule, day)))
    return { kind: 'page', page };
  // Sites whose paths end with a slash send the bare form there, as WordPress does.
  if (!page && !path.endsWith('/') && index.pages.get(`${key}/`)?.status === 200) {
    return { kind: 'redirect', status: 301, to: { site: site.id, path: `${path}/` } };
  }
  return { kind: 'page', page: errorPage(site, path, 404) };
}
