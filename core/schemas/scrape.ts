import { z } from 'zod';

/** The header that carries the MixLab password to the scrape service. */
export const MIXLAB_PASSWORD_HEADER = 'x-mixlab-password';

/** POST /scrapePLPs: how many listing pages the shop has. */
export const scrapePlpsResponseSchema = z.object({
  totalPages: z.number().int().min(0),
  /** The listing the run reads, so the page can name its target. */
  listingUrl: z.string(),
});
export type ScrapePlpsResponse = z.infer<typeof scrapePlpsResponseSchema>;

/** POST /scrapePage: the body is the 1-based listing page to read. */
export const scrapePageBodySchema = z.object({ page: z.number().int().min(1).max(10_000) });

export const variantTypeSchema = z.object({ type: z.string(), value: z.string() });

/** One variant of a product page. */
export const scrapedVariantSchema = z.object({
  sku: z.string(),
  url: z.string(),
  name: z.string(),
  /** The offer price; null when the page states none. */
  price: z.number().nullable(),
  /** The price before a discount, when the page states one. */
  listPrice: z.number().nullable(),
  variant_types: z.array(variantTypeSchema),
});
export type ScrapedVariant = z.infer<typeof scrapedVariantSchema>;

/** One product page, as each `pdps` entry's `all_variants`. */
export const scrapedProductSchema = z.object({
  item_number: z.string(),
  url: z.string(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  /** The default (first) variant's identifiers. */
  sku: z.string(),
  gtin12: z.string(),
  offerCount: z.number().int(),
  lowPrice: z.number().nullable(),
  highPrice: z.number().nullable(),
  /** A product sold in several variants (a schema.org ProductGroup). */
  compound: z.boolean(),
  /** schema.org availability of the default variant, e.g. 'InStock'. */
  availability: z.string(),
  /** Where the facts came from: schema.org data, or the page markup when there was none. */
  extractedFrom: z.enum(['json-ld', 'microdata', 'markup']),
  variants: z.array(scrapedVariantSchema),
});
export type ScrapedProduct = z.infer<typeof scrapedProductSchema>;

export const scrapePageResponseSchema = z.object({
  /**
   * The listing page's own fetch; absent when the listing could not be read, which restarts
   * the run.
   */
  api_response: z.object({ url: z.string(), status: z.number().int() }).optional(),
  totalPdps: z.number().int(),
  pdps: z.array(z.object({ all_variants: scrapedProductSchema })),
  totalErrors: z.number().int(),
  errorPages: z.array(z.string()),
  /** Why each error page failed, in the same order (an HTTP status, robots.txt, a guard). */
  errorReasons: z.array(z.string()),
});
export type ScrapePageResponse = z.infer<typeof scrapePageResponseSchema>;
