import { isbot } from 'isbot';
import { isPlausible } from '@core/rum/metrics';
import type { RumBeacon } from '@core/schemas/rum';
import type { Db } from '../db/connect';
import type { RumCounts, RumValue } from './rum-counts';

/** How long a site's key, origins and sample rate are trusted before they are read again. */
const SITE_TTL_MS = 60_000;
/** Beacons a minute this process takes for one site, and from one client of one site. */
const PER_SITE_PER_MINUTE = 6_000;
const PER_CLIENT_PER_MINUTE = 60;
/** Path segments that name one item among many, grouped as one page: numbers, ids, hashes. */
const ITEM_SEGMENT = /^(?:\d+|[0-9a-f]{8}-[0-9a-f-]{27,}|[0-9a-f]{16,})$/i;

/** What a beacon comes with besides its body. */
export interface BeaconContext {
  /** The `Origin` header; sendBeacon always sends it. */
  origin: string | undefined;
  userAgent: string | undefined;
  /** The browser's Global Privacy Control signal (`Sec-GPC: 1`). */
  gpc: boolean;
  /** Who sent it, for the per-client limit only: never stored. */
  client: string;
  /** The `Host` the beacon was sent to: the install's own pages send to their own host. */
  host?: string;
}

export type BeaconOutcome = 'stored' | 'unknown-site' | 'wrong-origin' | 'too-many' | 'not-kept';

interface SiteEntry {
  id: string;
  origins: string[];
  sampleRate: number;
  /** The install's own site, whose pages send to the host they came from. */
  install: boolean;
}

/** True when a beacon's Origin is one of the site's, or the install's own host for its site. */
function fromSiteOrigin(site: SiteEntry, context: BeaconContext): boolean {
  if (!context.origin) return false;
  if (site.origins.includes(context.origin)) return true;
  if (!site.install || !context.host) return false;
  try {
    return new URL(context.origin).host === context.host;
  } catch {
    return false;
  }
}

/** `/users/42/orders?x=1` → `/users/:id/orders`: pages of one template are one group. */
export function pageGroupOf(path: string): string {
  const bare = path.split(/[?#]/)[0] || '/';
  const grouped = bare
    .split('/')
    .map((segment) => (ITEM_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
  return grouped.slice(0, 200);
}

/**
 * Takes visitors' beacons for registered sites: the key must name a site and the
 * `Origin` be one of its origins; bots, visitors who ask not to be tracked (GPC) and page
 * views outside the sample rate are not kept; a value no page view gives is dropped and
 * counted. Nothing identifying a visitor is kept: the client address only paces them.
 */
export class RumCollector {
  private readonly sites = new Map<string, { entry: SiteEntry | null; at: number }>();
  private readonly windows = new Map<string, { minute: number; count: number }>();

  constructor(
    private readonly db: Db,
    private readonly counts: RumCounts,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  async collect(beacon: RumBeacon, context: BeaconContext): Promise<BeaconOutcome> {
    const site = await this.site(beacon.site);
    if (!site) return 'unknown-site';
    if (!fromSiteOrigin(site, context)) return 'wrong-origin';
    if (!this.allow(`site:${site.id}`, PER_SITE_PER_MINUTE)) return 'too-many';
    if (!this.allow(`client:${site.id}:${context.client}`, PER_CLIENT_PER_MINUTE))
      return 'too-many';
    if (context.gpc || isbot(context.userAgent ?? '') || this.random() >= site.sampleRate)
      return 'not-kept';
    const pageGroup = pageGroupOf(beacon.path);
    const values: RumValue[] = [];
    const dropped: RumValue[] = [];
    for (const { name, value, target } of beacon.metrics) {
      const entry = {
        device: beacon.device,
        connection: beacon.connection,
        pageGroup,
        metric: name,
        value,
        target,
      };
      (isPlausible(name, value) ? values : dropped).push(entry);
    }
    await this.counts.add(site.id, values, dropped);
    return 'stored';
  }

  private async site(key: string): Promise<SiteEntry | null> {
    const cached = this.sites.get(key);
    if (cached && this.now() - cached.at < SITE_TTL_MS) return cached.entry;
    const row = await this.db.kysely
      .selectFrom('rum_sites')
      .select(['id', 'user_id', 'origins', 'sample_rate'])
      .where('key', '=', key)
      .executeTakeFirst();
    const entry = row
      ? {
          id: row.id,
          origins: JSON.parse(row.origins) as string[],
          sampleRate: row.sample_rate,
          install: row.user_id === null,
        }
      : null;
    this.sites.set(key, { entry, at: this.now() });
    return entry;
  }

  /** A fixed one-minute window per key; old windows are forgotten as they pass. */
  private allow(key: string, limit: number): boolean {
    const minute = Math.floor(this.now() / 60_000);
    const window = this.windows.get(key);
    if (!window || window.minute !== minute) {
      if (this.windows.size > 100_000) this.windows.clear();
      this.windows.set(key, { minute, count: 1 });
      return true;
    }
    window.count++;
    return window.count <= limit;
  }
}
