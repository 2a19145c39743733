import { z } from 'zod';
import { statusResponseSchema } from '../schemas/auth';
import {
  MIXLAB_PASSWORD_HEADER,
  scrapePageBodySchema,
  scrapePageResponseSchema,
  scrapePlpsResponseSchema,
} from '../schemas/scrape';
import { endpoint } from './endpoint';

// Loose: the other headers (authorization) must pass through validation untouched.
const passwordHeaders = z.looseObject({
  [MIXLAB_PASSWORD_HEADER]: z.string().optional().describe('The shared MixLab password.'),
});

/**
 * The MixLab scraper: each call carries the shared password in MIXLAB_PASSWORD_HEADER;
 * counting and scraping also need a signed-in user.
 */
export const SCRAPE_ENDPOINTS = {
  unlock: endpoint({
    method: 'POST',
    path: '/mixlab/unlock',
    headers: passwordHeaders,
    status: 200,
    response: statusResponseSchema,
  }),
  countPages: endpoint({
    method: 'POST',
    path: '/scrapePLPs',
    headers: passwordHeaders,
    status: 200,
    response: scrapePlpsResponseSchema,
  }),
  scrapePage: endpoint({
    method: 'POST',
    path: '/scrapePage',
    body: scrapePageBodySchema,
    headers: passwordHeaders,
    status: 200,
    response: scrapePageResponseSchema,
  }),
};
