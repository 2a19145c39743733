import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import {
  MIXLAB_PASSWORD_HEADER,
  scrapePageResponseSchema,
  scrapePlpsResponseSchema,
} from '@core/schemas/scrape';
import { apiRequest } from '../../api/api-client';

const unlockResponseSchema = z.object({ status: z.literal('SUCCESS') });
const withPassword = (password: string) => ({ [MIXLAB_PASSWORD_HEADER]: password });

/** Keys of the MixLab calls: each is a mutation (a password check, a scrape's pages). */
export const mixlabKeys = {
  unlock: ['mixlab', 'unlock'] as const,
  scrape: ['mixlab', 'scrape'] as const,
};

/** The scrape service's calls, the password in its header, never in the bundle. */
export const mixlabApi = {
  unlock: (password: string) =>
    apiRequest('/mixlab/unlock', unlockResponseSchema, {
      method: 'POST',
      headers: withPassword(password),
    }),
  listingPages: (token: string, password: string) =>
    apiRequest('/scrapePLPs', scrapePlpsResponseSchema, {
      method: 'POST',
      token,
      headers: withPassword(password),
    }),
  page: (token: string, password: string, page: number) =>
    apiRequest('/scrapePage', scrapePageResponseSchema, {
      method: 'POST',
      token,
      body: { page },
      headers: withPassword(password),
    }),
};

/** The shared password, checked by the server; the mutation's variables hold the one taken. */
export function useUnlock() {
  return useMutation({ mutationKey: mixlabKeys.unlock, mutationFn: mixlabApi.unlock });
}
