import type { z } from 'zod';
import { sendUrlsResponseSchema } from '@core/schemas/page-facts';
import { serpSearchBodySchema, serpSearchResponseSchema } from '@core/schemas/serp';
import { apiRequest } from '../../app/api-client';

export type SerpSearchBody = z.input<typeof serpSearchBodySchema>;
export type SerpSearchResponse = z.infer<typeof serpSearchResponseSchema>;
export type OrganicResult = SerpSearchResponse['organic_results'][number];
export type PageFacts = z.infer<typeof sendUrlsResponseSchema>;

/** Spec 001 §7 items 3 and 4, as the SERP analysis screen makes them. */
export const serpApi = {
  search: (token: string | null, body: SerpSearchBody) =>
    apiRequest('/serp-search', serpSearchResponseSchema, { method: 'POST', token, body }),
  pageFacts: (results: readonly OrganicResult[]) =>
    apiRequest('/send-urls', sendUrlsResponseSchema, {
      method: 'POST',
      body: { results: results.map((r) => ({ link: r.link })) },
    }),
};
