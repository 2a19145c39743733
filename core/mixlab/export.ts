import { toCsv } from '../csv';
import type { ScrapedProduct } from '../schemas/scrape';

// The file names live with the page's constants, so the page loads this module on demand.
export { ITEMS_FILE, VARIANTS_FILE } from './limits';

/** A variant ships free at this price or more. */
export const FREE_SHIPPING_THRESHOLD = 49;

/** The scraped_items columns, in order; discount_percentage is headed so. */
export const ITEM_HEADERS = [
  'item_number',
  'url',
  'name',
  'discount',
  'default variant discount',
  'brand',
  'offerCount',
  'sku',
  'gtin12',
  'lowPrice',
  'highPrice',
  'compound',
  'availabilty',
  'image',
] as const;

/** The scraped_variants columns, in order, with up to three variant types. */
export const VARIANT_HEADERS = [
  'sku',
  'item_number',
  'url',
  'name',
  'price',
  'free_shipping',
  'variant_one_name',
  'variant_one_value',
  'variant_two_name',
  'variant_two_value',
  'variant_three_name',
  'variant_three_value',
] as const;

const cents = (value: number) => Math.round(value * 100) / 100;

/** The default (first) variant's discount, in money and in percent of its list price. */
export function defaultDiscount(
  product: ScrapedProduct,
): { amount: number; percent: number } | null {
  const first = product.variants[0];
  if (!first || first.price === null || first.listPrice === null || first.listPrice <= first.price)
    return null;
  const amount = cents(first.listPrice - first.price);
  return { amount, percent: Math.round((amount / first.listPrice) * 100) };
}

export function itemsCsv(products: readonly ScrapedProduct[]): string {
  return toCsv(
    ITEM_HEADERS,
    products.map((p) => {
      const discount = defaultDiscount(p);
      return [
        p.item_number,
        p.url,
        p.name.replaceAll(',', ''),
        discount?.amount ?? null,
        discount ? `${discount.percent}%` : null,
        p.brand,
        p.offerCount,
        p.sku,
        p.gtin12,
        p.lowPrice,
        p.highPrice,
        p.compound,
        p.availability,
        p.image,
      ];
    }),
  );
}

export function variantsCsv(products: readonly ScrapedProduct[]): string {
  return toCsv(
    VARIANT_HEADERS,
    products.flatMap((p) =>
      p.variants.map((v) => {
        const types = [0, 1, 2].flatMap((i) => [
          v.variant_types[i]?.type ?? null,
          v.variant_types[i]?.value ?? null,
        ]);
        return [
          v.sku,
          p.item_number,
          v.url,
          v.name,
          v.price,
          v.price !== null && v.price >= FREE_SHIPPING_THRESHOLD,
          ...types,
        ];
      }),
    ),
  );
}
