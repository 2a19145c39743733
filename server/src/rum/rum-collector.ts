import { isbot } from 'isbot';
import { isPlausible } from '@core/rum/metrics';
import type { RumBeacon } from '@core/schemas/rum';
import type { Db } from '../db/connect';
import type { RumBuffer } from './rum-buffer';
import type { RumValue } from './rum-tally';

/** How long a site's key, origins and sample rate are trusted before they are read again. */
const SITE_TTL_MS = 60_000;
/** Clients counted a minute by default: about 10 MB of keys at most. */
const CLIENTS_TRACKED = 100_000;
/** Site keys remembered, known or not: random keys must not grow the cache without end. */
const SITES_KEPT = 10_000;
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

/** Beacons a minute this process takes, per site and per client of a site. */
export interface RumLimits {
  perSite: number;
  perClient: number;
  /**
   * Clients counted in one minute. Past it, new clients go uncounted until the minute
   * ends (the site's own limit still holds): a flood of addresses cannot grow memory
   * without end, nor lock out visitors it never saw.
   */
  clientsTracked?: number;
}

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
  /** The minute the counts below are of; they start again with each minute. */
  private minute = 0;
  private readonly perSite = new Map<string, number>();
  private readonly perClient = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly buffer: RumBuffer,
    private readonly limits: RumLimits,
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  async collect(beacon: RumBeacon, context: BeaconContext): Promise<BeaconOutcome> {
    const site = await this.site(beacon.site);
    if (!site) return 'unknown-site';
    if (!fromSiteOrigin(site, context)) return 'wrong-origin';
    if (!this.allow(site.id, context.client)) return 'too-many';
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
    await this.buffer.add(site.id, values, dropped);
    return 'stored';
  }

  private async site(key: string): Promise<SiteEntry | null> {
    const cached = this.sites.get(key);
    if (cached && this.now() - cached.at < SITE_TTL_MS) return cached.entry;
    const row = await this.db.kysely
      .selectFrom('rum_sites')
      .select(['id', 'workspace_id', 'origins', 'sample_rate'])
      .where('key', '=', key)
      .executeTakeFirst();
    const entry = row
      ? {
          id: row.id,
          origins: JSON.parse(row.origins) as string[],
          sampleRate: row.sample_rate,
          install: row.workspace_id === null,
        }
      : null;
    // Re-inserted, so the first key is the one read longest ago, and the one to forget.
    this.sites.delete(key);
    if (this.sites.size >= SITES_KEPT) this.sites.delete(this.sites.keys().next().value!);
    this.sites.set(key, { entry, at: this.now() });
    return entry;
  }

  /**
   * Counts the beacon against its site's and its client's share of a fixed one-minute
   * window; the last minute's counts are forgotten as the next begins.
   */
  private allow(siteId: string, client: string): boolean {
    const minute = Math.floor(this.now() / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.perSite.clear();
      this.perClient.clear();
    }
    const site = (this.perSite.get(siteId) ?? 0) + 1;
    this.perSite.set(siteId, site);
    if (site > this.limits.perSite) return false;
    const key = `${siteId} ${client}`;
    const seen = this.perClient.get(key);
    if (seen === undefined) {
      if (this.perClient.size < (this.limits.clientsTracked ?? CLIENTS_TRACKED))
        this.perClient.set(key, 1);
      return true;
    }
    this.perClient.set(key, seen + 1);
    return seen < this.limits.perClient;
  }
}
