import { z } from 'zod';
import { serpFeatures, type SerpFeature, type SerpFeatureKind } from '@core/schemas/serp-features';
import { countryLocationCode } from '../dataforseo/location';
import { postLiveTask, type DataForSeoAccount } from '../dataforseo/live-task';
import { hostOf } from './map-errors';
import { SerpProviderError, type SerpPage, type SerpProvider, type SerpQuery } from './port';
import { relatedOfPage } from './related';
import { defineSerpVendor } from './serp-vendor';

/** Where an element links: its URL, and the domain DataForSEO names for it (odd ones: none). */
const linkShape = {
  url: z.string().nullish().catch(undefined),
  domain: z.string().nullish().catch(undefined),
};
/** A feature's links: an odd one links nowhere, an odd list is dropped; neither fails the search. */
const linksSchema = z.array(z.object(linkShape).catch({})).nullish().catch(undefined);

// Item types and fields from DataForSEO's Google Organic Live Advanced docs, as its Python
// client models them (organic, featured_snippet, people_also_ask, local_pack, images, video,
// top_stories, shopping, popular_products, commercial_units, ai_overview _serp_element_item).
const itemSchema = z.object({
  type: z.string(),
  /** The results page the item is on, from 1. */
  page: z.number().nullish().catch(undefined),
  url: z.string().nullish(),
  domain: z.string().nullish(),
  title: z.string().nullish(),
  description: z.string().nullish(),
  /**
   * A 'people_also_ask' item's questions (elements with a title and the answers' links), a
   * 'related_searches' item's queries (plain strings), or a feature's elements (links).
   */
  items: z
    .array(
      z.union([
        z.string(),
        z
          .object({ title: z.string().nullish(), ...linkShape, expanded_element: linksSchema })
          .passthrough(),
      ]),
    )
    .nullish()
    .catch(undefined),
  /** An organic item's sitelinks. */
  links: linksSchema,
  /** An 'ai_overview' item's sources. */
  references: linksSchema,
});

const US_LOCATION_CODE = 2840;

const resultSchema = z.object({ items: z.array(itemSchema).nullish() });
type Item = z.output<typeof itemSchema>;
type Link = { url?: string | null; domain?: string | null };

/** A feature item's elements (a 'related_searches' item's are plain strings). */
function elements(item: Item) {
  return (item.items ?? []).filter((e) => typeof e !== 'string');
}

/** The SERP feature each item type is, and the elements it links from. */
const FEATURES: Partial<Record<string, { kind: SerpFeatureKind; links(item: Item): Link[] }>> = {
  featured_snippet: { kind: 'featured_snippet', links: (item) => [item] },
  people_also_ask: {
    kind: 'people_also_ask',
    links: (item) => elements(item).flatMap((e) => e.expanded_element ?? []),
  },
  // An item per place.
  local_pack: { kind: 'local_pack', links: (item) => [item] },
  images: { kind: 'images', links: elements },
  video: { kind: 'videos', links: elements },
  top_stories: { kind: 'top_stories', links: elements },
  shopping: { kind: 'shopping', links: elements },
  popular_products: { kind: 'shopping', links: elements },
  commercial_units: { kind: 'shopping', links: elements },
  ai_overview: { kind: 'ai_overview', links: (item) => item.references ?? [] },
};

const hostOfLink = (link: Link) => link.domain ?? (link.url ? hostOf(link.url) : null);

/** The first results page's features, each with the hosts its elements link to. */
function featuresOf(items: Item[]): SerpFeature[] {
  return serpFeatures(
    items
      .filter((item) => (item.page ?? 1) === 1)
      .flatMap((item) => {
        if (item.type === 'organic') {
          return item.links?.length
            ? [{ kind: 'sitelinks' as const, owners: [hostOfLink(item)] }]
            : [];
        }
        const feature = FEATURES[item.type];
        return feature ? [{ kind: feature.kind, owners: feature.links(item).map(hostOfLink) }] : [];
      }),
  );
}

/** DataForSEO's largest depth a request. */
const MAX_DEPTH = 200;
/** How long a deep answer serves the pages after its first, and how many are kept. */
const DEEP_ANSWER_MS = 10 * 60_000;
const DEEP_ANSWERS_KEPT = 100;

interface DeepAnswer {
  at: number;
  depth: number;
  items: Item[];
}

/**
 * DataForSEO live SERP. It has no offset parameter but returns up to 200 results a
 * request, billed per ten: page N asks for depth N×10 (or the caller's whole `depth` at
 * once) and keeps its ten organic items; the pages after it are then read from that
 * answer, already paid for, instead of asking again for a deeper one.
 */
export class DataForSeoProvider implements SerpProvider {
  readonly source = 'dataforseo' as const;

  private readonly account: DataForSeoAccount;
  private readonly deep = new Map<string, DeepAnswer>();

  constructor(
    login: string,
    password: string,
    baseUrl = 'https://api.dataforseo.com',
    timeoutMs = 60_000,
  ) {
    this.account = { login, password, baseUrl, timeoutMs };
  }

  async search(query: SerpQuery): Promise<SerpPage> {
    const items = await this.itemsFor(query);
    const organic = items.filter((i) => i.type === 'organic' && i.url);
    const offset = (query.pageNum - 1) * 10;
    const snippet =
      query.pageNum === 1 ? items.find((i) => i.type === 'featured_snippet' && i.url) : undefined;
    return {
      ...(snippet?.url
        ? { answer_box: { title: snippet.title ?? snippet.url, link: snippet.url } }
        : {}),
      organic_results: organic.slice(offset, offset + 10).map((r, i) => ({
        position: offset + i + 1,
        title: r.title ?? '',
        link: r.url ?? '',
        domain: r.domain ?? hostOf(r.url ?? ''),
        snippet: r.description ?? '',
      })),
      ...relatedOfPage(
        items
          .filter((i) => i.type === 'related_searches')
          .flatMap((i) => (i.items ?? []).map((e) => (typeof e === 'string' ? e : null))),
        items
          .filter((i) => i.type === 'people_also_ask')
          .flatMap((i) => (i.items ?? []).map((e) => (typeof e === 'string' ? null : e.title))),
      ),
      // The deep answer serves the next pages too: the features are the first page's.
      ...(query.pageNum === 1 ? { features: featuresOf(items) } : {}),
    };
  }

  /** The items down to the asked page, from a deep answer still kept or a new request. */
  private async itemsFor(query: SerpQuery): Promise<Item[]> {
    const key = JSON.stringify([
      query.query,
      query.device,
      query.googleDomain,
      query.gl,
      query.hl,
      query.location,
    ]);
    const needed = query.pageNum * 10;
    const kept = this.deep.get(key);
    if (kept && kept.depth >= needed && Date.now() - kept.at < DEEP_ANSWER_MS) return kept.items;
    const depth = Math.min(MAX_DEPTH, Math.max(needed, query.depth ?? 0));
    const task = {
      keyword: query.query,
      // A city or region by DataForSEO's own name, else the country by its numeric code:
      // i18n-iso-countries' short names ('UK') are not DataForSEO's names.
      ...(query.location
        ? { location_name: query.location }
        : { location_code: countryLocationCode(query.gl) ?? US_LOCATION_CODE }),
      language_code: query.hl.slice(0, 2),
      se_domain: query.googleDomain,
      device: query.device,
      depth,
    };
    const answer = await postLiveTask(this.account, {
      path: '/v3/serp/google/organic/live/advanced',
      task,
      result: resultSchema,
      action: 'search',
      // 'Internal SE Server Error.': Google did not answer DataForSEO; a retry may work.
      outageCodes: [40101],
    });
    if (!answer.ok) throw new SerpProviderError(answer.failure, answer.message);
    const items = answer.result[0]?.items ?? [];
    if (depth > needed) {
      if (this.deep.size >= DEEP_ANSWERS_KEPT) this.deep.delete(this.deep.keys().next().value!);
      this.deep.set(key, { at: Date.now(), depth, items });
    }
    return items;
  }
}

/** DataForSEO (its keyword data reads the same login): its variables, price and adapter. */
export const dataForSeoVendor = defineSerpVendor({
  id: 'dataforseo',
  env: {
    DATAFORSEO_LOGIN: z.string().min(1).optional(),
    DATAFORSEO_PASSWORD: z.string().min(1).optional(),
    DATAFORSEO_BASE_URL: z.string().url().default('https://api.dataforseo.com'),
  },
  keyNames: 'DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD',
  hasKey: (env) => Boolean(env.DATAFORSEO_LOGIN && env.DATAFORSEO_PASSWORD),
  // https://dataforseo.com/pricing/serp-api: Google Organic, live mode, $0.002 per SERP of
  // ten results (billed per ten results of depth).
  pricePerThousandUsd: 2,
  // A live task answers slower than the other vendors' searches.
  create: (env, timeoutMs) =>
    new DataForSeoProvider(
      env.DATAFORSEO_LOGIN!,
      env.DATAFORSEO_PASSWORD!,
      env.DATAFORSEO_BASE_URL,
      timeoutMs * 2,
    ),
});
