import { z } from 'zod';
import { errorResponseSchema } from '@core/schemas/common';
import { sendUrlsResponseSchema } from '@core/schemas/page-facts';
import {
  SERP_ERROR_CODES,
  serpSearchBodySchema,
  serpSearchResponseSchema,
  type SerpErrorCode,
} from '@core/schemas/serp';
import { ApiError, apiRequest } from '../../app/api-client';

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

const serpErrorSchema = errorResponseSchema.extend({ code: z.enum(SERP_ERROR_CODES) });

/** Which SERP failure an error is, by the code the server sent; null for any other. */
export function serpErrorCode(error: unknown): SerpErrorCode | null {
  if (!(error instanceof ApiError)) return null;
  const body = serpErrorSchema.safeParse(error.body);
  return body.success ? body.data.code : null;
}
