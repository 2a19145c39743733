import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SCRAPE_ENDPOINTS as SCRAPE } from '@core/endpoints/scrape';
import { errorResponseSchema } from '@core/schemas/common';
import { MIXLAB_PASSWORD_HEADER } from '@core/schemas/scrape';
import { DomainError, Forbidden, Invalid, Unavailable } from '../../domain/errors';
import { endpointRoute } from '../../http/endpoint-route';
import { listingUrl } from '../../scrape/listing-links';
import { loadMixlabPassword, mixlabFailures, passwordMatches } from '../../scrape/password';
import { countListingPages, ListingError } from '../../scrape/scrape-shop';
import { routesUsing } from '../../plugins/routes-using';
import { requireUnthrottled } from '../auth/throttle-rules';

export const WRONG_PASSWORD = 'That MixLab password is not right.';
const NO_TARGET = 'No shop to scrape: the sandbox is off and SCRAPE_BASE_URL is not set.';

const refusals = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};
const tags = ['mixlab'];

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

    api.route({
      ...endpointRoute(SCRAPE.unlock, {
        tags,
        summary: 'Checks the MixLab password; no sign-in needed.',
        errors: { 403: refusals[403], 429: refusals[429] },
      }),
      handler: async (request) => {
        await requirePassword(request);
        return { status: 'SUCCESS' };
      },
    });

    api.route({
      ...endpointRoute(SCRAPE.countPages, {
        tags,
        summary: 'How many listing pages the shop has.',
        security: [{ bearer: [] }],
        errors: refusals,
      }),
      preValidation,
      handler: async () => {
        if (!target) throw new Unavailable(NO_TARGET);
        try {
          const totalPages = await countListingPages(newCrawl(), target);
          return { totalPages, listingUrl: listingUrl(target.baseUrl, target.listingPath, 1) };
        } catch (error) {
          throw refusalOf(error);
        }
      },
    });

    api.route({
      ...endpointRoute(SCRAPE.scrapePage, {
        tags,
        summary: 'Scrapes one listing page and its product pages.',
        security: [{ bearer: [] }],
        errors: { 400: errorResponseSchema, ...refusals },
      }),
      preValidation,
      handler: async (request) => {
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
    });
  },
);
