import { z } from 'zod';
import {
  MIXLAB_PASSWORD_HEADER,
  scrapePageResponseSchema,
  scrapePlpsResponseSchema,
} from '@core/schemas/scrape';
import { apiRequest } from '../../api/api-client';

const unlockResponseSchema = z.object({ status: z.literal('SUCCESS') });
const withPassword = (password: string) => ({ [MIXLAB_PASSWORD_HEADER]: password });

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
