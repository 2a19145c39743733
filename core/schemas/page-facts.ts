import { z } from 'zod';
import { PAGE_FACTS_MAX_URLS } from '../limits';

/**
 * The list of results whose pages are analysed. The search that found them pays for reading
 * them once; any other call costs a search of the month.
 */
export const sendUrlsBodySchema = z.object({
  results: z
    .array(z.object({ link: z.string().trim().min(1).max(2048) }).passthrough())
    .min(1, 'Send at least one result')
    .max(PAGE_FACTS_MAX_URLS, `At most ${PAGE_FACTS_MAX_URLS} results at a time`),
  /** The `speedTestId` of the search whose results these are. */
  searchId: z.string().uuid().optional(),
});

export const techEntrySchema = z.object({
  status: z.number().int(),
  url: z.string(),
  redirectUrl: z.string(),
});

export const pageMetaSchema = z.object({
  title: z.string(),
  description: z.string(),
  lang: z.string(),
  h1: z.string(),
  h2: z.object({ size: z.number().int(), list: z.array(z.string()) }),
  url: z.string(),
});

export const sendUrlsResponseSchema = z.object({
  /** Per URL: every hop, ending with the final answer's status (redirectUrl '' there). */
  redirectArray: z.array(z.object({ url: z.string(), redirects: z.array(techEntrySchema) })),
  resultArray: z.array(
    z.object({
      site: z.string(),
      finalUrl: z.string(),
      status: z.number().int(),
      /** Visible word count; null when the page could not be read. */
      total: z.number().int().nullable(),
      meta: pageMetaSchema.nullable(),
      schemaObject: z.array(z.string()),
      error: z.string().nullable(),
    }),
  ),
});
export type SendUrlsResponse = z.infer<typeof sendUrlsResponseSchema>;
