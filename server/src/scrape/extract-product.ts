/**
 * A product page's facts: schema.org JSON-LD first, then microdata, then the page markup.
 * Each reader turns what it finds into JSON-LD-shaped nodes for mapProduct.
 */
import { load, type CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { ScrapedProduct } from '@core/schemas/scrape';
import { asList, isThing, mapProduct, price, type Thing } from './map-product';

/** Top-level nodes of every valid JSON-LD block; arrays and `@graph` are flattened. */
function jsonLdNodes($: CheerioAPI): Thing[] {
  const flatten = (data: unknown): Thing[] =>
    asList(data)
      .filter(isThing)
      .flatMap((node) => (node['@graph'] ? flatten(node['@graph']) : [node]));
  return $('script')
    .filter((_, el) => ($(el).attr('type') ?? '').trim().toLowerCase() === 'application/ld+json')
    .get()
    .flatMap((el) => {
      try {
        return flatten(JSON.parse($(el).text()));
      } catch {
        return []; // A broken block is skipped, as search engines do.
      }
    });
}

/** The value of one itemprop element, by the HTML microdata rules (plus `content` anywhere). */
function propValue($: CheerioAPI, el: Element): string {
  const $el = $(el);
  const attribute = {
    meta: 'content',
    a: 'href',
    link: 'href',
    area: 'href',
    img: 'src',
    source: 'src',
    video: 'src',
    audio: 'src',
    data: 'value',
    meter: 'value',
    time: 'datetime',
  }[el.tagName.toLowerCase()];
  return $el.attr('content') ?? (attribute && $el.attr(attribute)) ?? $el.text();
}

/** One itemscope as a node: its own properties, nested itemscopes as nested nodes. */
function microdataItem($: CheerioAPI, scope: Element): Thing {
  const item: Thing = {};
  const type = $(scope).attr('itemtype');
  if (type) item['@type'] = type.split(/\s+/).filter(Boolean);
  const id = $(scope).attr('itemid');
  if (id) item['@id'] = id;
  $(scope)
    .find('[itemprop]')
    .each((_, el) => {
      // A property belongs to the nearest itemscope above it.
      if ($(el).parent().closest('[itemscope]').get(0) !== scope) return;
      const value = $(el).is('[itemscope]') ? microdataItem($, el) : propValue($, el);
      for (const name of ($(el).attr('itemprop') ?? '').split(/\s+/).filter(Boolean)) {
        item[name] = name in item ? [...asList(item[name]), value] : value;
      }
    });
  return item;
}

const microdataNodes = ($: CheerioAPI): Thing[] =>
  $('[itemscope]:not([itemprop])')
    .get()
    .map((scope) => microdataItem($, scope));

/**
 * No schema.org product: the h1 names it and a price must be stated somewhere machine
 * readable (a stray itemprop=price, or Open Graph product tags), or it is not a product page.
 */
function markupNodes($: CheerioAPI): Thing[] {
  const meta = (property: string) =>
    $(`meta[property="${property}"], meta[name="${property}"]`).first().attr('content');
  const priceEl = $('[itemprop=price]').first();
  const amount =
    priceEl.attr('content') ??
    (priceEl.text() || meta('product:price:amount') || meta('og:price:amount'));
  const name = $('h1').first().text().trim() || meta('og:title');
  if (!name || price(amount) === null) return [];
  return [
    {
      '@type': 'Product',
      name,
      brand: meta('product:brand') ?? meta('og:brand'),
      image: meta('og:image') ?? $('main img').first().attr('src'),
      sku: $('[itemprop=sku]').first().text() || meta('product:retailer_item_id'),
      offers: {
        '@type': 'Offer',
        price: amount,
        availability:
          $('[itemprop=availability]').first().attr('href') ?? meta('product:availability'),
      },
    },
  ];
}

/** The product a page describes, or null when it describes none. */
export function extractProduct(html: string, pageUrl: string): ScrapedProduct | null {
  const $ = load(html);
  return (
    mapProduct(jsonLdNodes($), pageUrl, 'json-ld') ??
    mapProduct(microdataNodes($), pageUrl, 'microdata') ??
    mapProduct(markupNodes($), pageUrl, 'markup')
  );
}
