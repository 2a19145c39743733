/**
 * schema.org product data → ScrapedProduct. Pure: the nodes come from JSON-LD, from the
 * microdata reader, or from the markup fallback, all in JSON-LD's shape.
 */
import type { ScrapedProduct, ScrapedVariant } from '@core/schemas/scrape';
import { shortType } from '../page-facts/schema-types';

/** A schema.org node as JSON-LD gives it. */
export type Thing = { [property: string]: unknown };

export const asList = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

export const isThing = (value: unknown): value is Thing =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isA = (node: Thing, type: string): boolean =>
  asList(node['@type']).some((t) => typeof t === 'string' && shortType(t) === type);

/** A property's text: a string or number as it is, a node by its name or value. */
export function text(value: unknown): string {
  const first = asList(value)[0];
  if (typeof first === 'string') return first.replace(/\s+/g, ' ').trim();
  if (typeof first === 'number') return String(first);
  if (isThing(first)) return text(first.name ?? first['@value'] ?? first.value);
  return '';
}

/** '26.07', 26.07 and '$1,299.00' alike; null when there is no number. */
export function price(value: unknown): number | null {
  const first = asList(value)[0];
  if (typeof first === 'number') return Number.isFinite(first) ? first : null;
  const parsed = Number.parseFloat(text(first).replace(/[^0-9.]/g, ''));
  return Number.isFinite(parsed) ? parsed : null;
}

/** A URL, ImageObject or list of them, made absolute; '' when there is none. */
function absoluteUrl(value: unknown, base: string): string {
  const first = asList(value)[0];
  const raw = isThing(first) ? text(first.url ?? first.contentUrl ?? first['@id']) : text(first);
  if (!raw || !URL.canParse(raw, base)) return '';
  return new URL(raw, base).href;
}

const LIST_PRICE_TYPES = new Set(['ListPrice', 'StrikethroughPrice']);

function offersOf(node: Thing, resolve: (value: unknown) => unknown) {
  const offers = asList(node.offers).map(resolve).filter(isThing);
  const aggregate = offers.find((offer) => isA(offer, 'AggregateOffer'));
  // An AggregateOffer may list its Offers; the first priced one is the default offer.
  const single = [...offers.filter((o) => o !== aggregate), ...asList(aggregate?.offers)]
    .map(resolve)
    .filter(isThing);
  return { offer: single[0], aggregate };
}

/** The price before a discount: Google's ListPrice, or the StrikethroughPrice the sandbox uses. */
function listPriceOf(offer: Thing | undefined): number | null {
  const spec = asList(offer?.priceSpecification)
    .filter(isThing)
    .find((candidate) => LIST_PRICE_TYPES.has(shortType(text(candidate.priceType))));
  return spec ? price(spec.price) : null;
}

/**
 * A variant's option values: its additionalProperty list (name/value, in page order), then
 * any `variesBy` dimension it states as a property of its own (`size`, `color`).
 */
function variantTypes(node: Thing, variesBy: string[]): ScrapedVariant['variant_types'] {
  const types = asList(node.additionalProperty)
    .filter(isThing)
    .map((property) => ({ type: text(property.name), value: text(property.value) }))
    .filter((pair) => pair.type !== '' && pair.value !== '');
  for (const dimension of variesBy) {
    const name = shortType(dimension);
    if (types.some((pair) => pair.type.toLowerCase() === name.toLowerCase())) continue;
    const value = text(node[name]);
    if (value) types.push({ type: name.charAt(0).toUpperCase() + name.slice(1), value });
  }
  return types;
}

/**
 * The page's product: a ProductGroup with its variants (listed in hasVariant, or Products
 * that say isVariantOf), else a single Product, which is its own one variant. Null when
 * the nodes hold no product.
 */
export function mapProduct(
  nodes: Thing[],
  pageUrl: string,
  extractedFrom: ScrapedProduct['extractedFrom'],
): ScrapedProduct | null {
  const byId = new Map<string, Thing>();
  for (const node of nodes) if (typeof node['@id'] === 'string') byId.set(node['@id'], node);
  // A reference such as { "@id": "…#PS-01" } stands for the node of that id.
  const resolve = (value: unknown): unknown => {
    const id = isThing(value) ? value['@id'] : undefined;
    const target = typeof id === 'string' ? byId.get(id) : undefined;
    return target ? { ...(value as Thing), ...target } : value;
  };
  const group = nodes.find((node) => isA(node, 'ProductGroup'));
  const main =
    group ??
    nodes.find((node) => isA(node, 'Product') && !node.isVariantOf) ??
    nodes.find((node) => isA(node, 'Product'));
  if (!main) return null;

  let variantNodes = [main];
  if (group) {
    const listed = asList(group.hasVariant).map(resolve).filter(isThing);
    const members = nodes.filter(
      (node) =>
        isA(node, 'Product') &&
        isThing(node.isVariantOf) &&
        (group['@id'] === undefined || node.isVariantOf['@id'] === group['@id']),
    );
    const found = listed.length > 0 ? listed : members;
    if (found.length > 0) variantNodes = found;
  }
  const variesBy = asList(main.variesBy).map(text).filter(Boolean);
  const variants = variantNodes.map((node): ScrapedVariant => {
    const { offer, aggregate } = offersOf(node, resolve);
    return {
      sku: text(node.sku ?? offer?.sku),
      url: absoluteUrl(offer?.url ?? node.url, pageUrl) || pageUrl,
      name: text(node.name) || text(main.name),
      price: price(offer?.price ?? aggregate?.lowPrice ?? aggregate?.price),
      listPrice: listPriceOf(offer),
      variant_types: variantTypes(node, variesBy),
    };
  });
  const first = variantNodes[0] as Thing;
  const firstOffer = offersOf(first, resolve).offer;
  const { aggregate } = offersOf(main, resolve);
  // Variant prices and the page's own price range together, so neither can be narrower.
  const prices = [
    ...variants.map((variant) => variant.price),
    price(aggregate?.lowPrice),
    price(aggregate?.highPrice),
  ].filter((value): value is number => value !== null);
  const offerCount = Number.parseInt(text(aggregate?.offerCount), 10);
  return {
    item_number:
      text(main.productGroupID ?? main.productID) ||
      (new URL(pageUrl).pathname.match(/\d{3,}/g)?.at(-1) ?? '') ||
      (variants[0]?.sku ?? ''),
    url: pageUrl,
    name: text(main.name) || text(first.name),
    brand: text(main.brand) || text(first.brand),
    image: absoluteUrl(main.image ?? first.image, pageUrl),
    sku: variants[0]?.sku ?? '',
    gtin12: text(first.gtin12 ?? first.gtin ?? firstOffer?.gtin12),
    offerCount: Number.isFinite(offerCount) ? offerCount : variants.length,
    lowPrice: prices.length > 0 ? Math.min(...prices) : null,
    highPrice: prices.length > 0 ? Math.max(...prices) : null,
    compound: variants.length > 1,
    availability: shortType(text(firstOffer?.availability)),
    extractedFrom,
    variants,
  };
}
