import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statusResponseSchema } from '@core/schemas/auth';
import { errorResponseSchema } from '@core/schemas/common';
import {
  MIXLAB_PASSWORD_HEADER,
  scrapePageBodySchema,
  scrapePageResponseSchema,
  scrapePlpsResponseSchema,
} from '@core/schemas/scrape';
import { DomainError, Forbidden, Invalid, Unavailable } from '../../domain/errors';
import { listingUrl } from '../../scrape/listing-links';
import { loadMixlabPassword, mixlabFailures, passwordMatches } from '../../scrape/password';
import { countListingPages, ListingError } from '../../scrape/scrape-shop';
import { routesUsing } from '../../plugins/routes-using';
import { requireUnthrottled } from '../auth/throttle-rules';

export const WRONG_PASSWORD = 'That MixLab password is not right.';
const NO_TARGET = 'No shop to scrape: the sandbox is off and SCRAPE_BASE_URL is not set.';

// Loose: the other headers (authorization) must pass through validation untouched.
const headers = z.looseObject({
  [MIXLAB_PASSWORD_HEADER]: z.string().optional().describe('The shared MixLab password.'),
});
const refusals = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};

/** The MixLab scraper: unlock with the shared password, count listing pages, scrape one. */
export const scrapeRoutes = routesUsing(
  ['config', 'scrape', 'throttle'],
  async (app, { services }) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { config, throttle } = services;
    const password = loadMixlabPassword(config);
    const { target, newCrawl, pages } = services.scrape;

    /** 429 while the IP has too many wrong tries; 403, counting one more, when wrong. */
    const requirePassword = async (request: FastifyRequest) => {
      const rule = mixlabFailures(request.ip);
      requireUnthrottled(await throttle.check(rule));
      const given = request.headers[MIXLAB_PASSWORD_HEADER];
      if (passwordMatches(typeof given === 'string' ? given : undefined, password)) return;
      await throttle.hit(rule);
      throw new Forbidden(WRONG_PASSWORD);
    };

    /**
     * Sign-in, then the password: both are needed to scrape. Checked before
     * the body is validated, so a stranger learns nothing from the API but 401.
     */
    const preValidation = [
      app.requireUser(),
      (request: FastifyRequest) => requirePassword(request),
    ];

    const refusalOf = (error: unknown) =>
      error instanceof ListingError ? new DomainError(error.status, error.message) : error;

    api.post(
      '/mixlab/unlock',
      {
        schema: {
          tags: ['mixlab'],
          summary: 'Checks the MixLab password; no sign-in needed.',
          headers,
          response: { 200: statusResponseSchema, 403: refusals[403], 429: refusals[429] },
        },
      },
      async (request) => {
        await requirePassword(request);
        return { status: 'SUCCESS' };
      },
    );

    api.post(
      '/scrapePLPs',
      {
        schema: {
          tags: ['mixlab'],
          summary: 'How many listing pages the shop has.',
          security: [{ bearer: [] }],
          headers,
          response: { 200: scrapePlpsResponseSchema, ...refusals },
        },
        preValidation,
      },
      async () => {
        if (!target) throw new Unavailable(NO_TARGET);
        try {
          const totalPages = await countListingPages(newCrawl(), target);
          return { totalPages, listingUrl: listingUrl(target.baseUrl, target.listingPath, 1) };
        } catch (error) {
          throw refusalOf(error);
        }
      },
    );

    api.post(
      '/scrapePage',
      {
        schema: {
          tags: ['mixlab'],
          summary: 'Scrapes one listing page and its product pages.',
          security: [{ bearer: [] }],
          headers,
          body: scrapePageBodySchema,
          response: { 200: scrapePageResponseSchema, 400: errorResponseSchema, ...refusals },
        },
        preValidation,
      },
      async (request) => {
        if (!target) throw new Unavailable(NO_TARGET);
        const { page } = request.body;
        if (page > target.maxPages) {
          throw new Invalid(`At most ${target.maxPages} listing pages are scraped.`);
        }
        try {
          return await pages!.scrapePage(page);
        } catch (error) {
          throw refusalOf(error);
        }
      },
    );
  },
);
