import { z } from 'zod';
import { SERP_ENDPOINTS as SERP } from '@core/endpoints/serp';
import { errorResponseSchema } from '@core/schemas/common';
import type { sendUrlsResponseSchema } from '@core/schemas/page-facts';
import {
  SERP_ERROR_CODES,
  type serpSearchBodySchema,
  type serpSearchResponseSchema,
  type SerpErrorCode,
} from '@core/schemas/serp';
import { ApiError, callEndpoint } from '../../api/api-client';

export type SerpSearchBody = z.input<typeof serpSearchBodySchema>;
export type SerpSearchResponse = z.infer<typeof serpSearchResponseSchema>;
export type OrganicResult = SerpSearchResponse['organic_results'][number];
export type PageFacts = z.infer<typeof sendUrlsResponseSchema>;

/** The search and page-facts calls, as the SERP analysis screen makes them. */
export const serpApi = {
  search: (token: string | null, body: SerpSearchBody) =>
    callEndpoint(SERP.search, { token, body }),
  /** A share link's results as they were found: opening them counts no search. */
  shared: (token: string | null, shareId: string) =>
    callEndpoint(SERP.getShared, { token, params: { shareId } }),
  /** The pages of a search's results: the search (its `speedTestId`) pays for reading them. */
  pageFacts: (token: string | null, searchId: string, results: readonly OrganicResult[]) =>
    callEndpoint(SERP.readPageFacts, {
      token,
      body: { searchId, results: results.map((r) => ({ link: r.link })) },
    }),
};

const serpErrorSchema = errorResponseSchema.extend({ code: z.enum(SERP_ERROR_CODES) });

/** Which SERP failure an error is, by the code the server sent; null for any other. */
export function serpErrorCode(error: unknown): SerpErrorCode | null {
  if (!(error instanceof ApiError)) return null;
  const body = serpErrorSchema.safeParse(error.body);
  return body.success ? body.data.code : null;
}
