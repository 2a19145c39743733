import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SERP_ENDPOINTS as SERP } from '@core/endpoints/serp';
import { SERP_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import { SERP_ERROR_CODES, type SerpSearchResponse } from '@core/schemas/serp';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { DomainError, NotFound, PlanLimit, Unavailable } from '../../domain/errors';
import { endpointRoute } from '../../http/endpoint-route';
import { quotaHolder } from '../../plugins/meter';
import { FAILURE_STATUS } from '../../providers/failure-status';
import { SerpProviderError, type SerpPage, type SerpQuery } from '../../providers/serp/port';
import { checkRank } from '../../serp/rank-check';
import { routesUsing } from '../../plugins/routes-using';
import { requireUnthrottled, throttleRules } from '../auth/throttle-rules';

const NO_PROVIDER =
  'No search provider is available: the sandbox is off and no SERP API key is configured.';
const tags = ['serp'];
const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
  504: errorResponseSchema,
};

/** A search provider's failure as the API answers it; any other error as it is. */
function serpRefusal(error: unknown): unknown {
  if (!(error instanceof SerpProviderError)) return error;
  return new DomainError(
    FAILURE_STATUS[error.failure],
    error.message,
    SERP_ERROR_CODES.providerFailed,
  );
}

/** A featured answer goes first at position 1 and the others shift by one. */
export function withAnswerFirst(
  page: SerpPage,
  pageNum: number,
): Pick<SerpSearchResponse, 'answer_box' | 'organic_results'> {
  const box = page.answer_box;
  if (!box || pageNum !== 1) return { organic_results: page.organic_results };
  const featured = {
    position: 1,
    title: box.title,
    link: box.link,
    domain: new URL(box.link).hostname,
    snippet: box.answer ?? '',
  };
  return {
    answer_box: {
      answers: [{ answer: box.answer ?? '', source: { link: box.link, title: box.title } }],
    },
    organic_results: [
      featured,
      ...page.organic_results.map((r) => ({ ...r, position: r.position + 1 })),
    ],
  };
}

/** The links of a page's results a speed sample or page-facts read may be paid for. */
function resultUrls(results: readonly { link: string }[]): string[] {
  return results.flatMap((r) => (URL.canParse(r.link) ? [new URL(r.link).toString()] : []));
}

/** The SERP tools' calls: the search, a shared search, the rank check, the results' page facts. */
export const serpRoutes = routesUsing(
  ['clock', 'config', 'pageFacts', 'serp', 'serpShares', 'speedTests', 'throttle'],
  async (app, { services }) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const rules = throttleRules(services.config);

    api.route({
      ...endpointRoute(SERP.search, { tags, errors }),
      preValidation: app.identify,
      handler: async (request, reply) => {
        const serp = services.serp;
        if (!serp) throw new Unavailable(NO_PROVIDER, SERP_ERROR_CODES.noProvider);
        // The chain's first provider; each page says which one answered it.
        const expected = serp.provider.source;
        const b = request.body;
        const query: SerpQuery = {
          query: b.searchTerm,
          device: b.device === 1 ? 'mobile' : 'desktop',
          pageNum: b.pageNum,
          googleDomain: b.google_domain,
          gl: b.gl,
          hl: b.hl,
        };
        if (b.pageNum > 1) {
          // More result pages are a plan feature, enforced here, not only in the UI.
          if (!quotaHolder(request).entitlements.has('moreSerpResults')) {
            throw new PlanLimit(
              QUOTA_MESSAGES.upgradeForMoreResults,
              SERP_ERROR_CODES.upgradeRequired,
            );
          }
          try {
            const { page, speedTestId } = await answer(
              await serp.search(query),
              quotaHolder(request).subject,
            );
            return { ...page, speedTestId };
          } catch (error) {
            throw serpRefusal(error);
          }
        }
        const charge = await reply.meter('serp');
        if (!charge) return reply;
        let first;
        try {
          first = await answer(await serp.search(query), charge.subject);
        } catch (error) {
          await charge.refund();
          throw serpRefusal(error);
        }
        // A search that found nothing is given back, as a failed one is: nothing was had.
        if (first.page.organic_results.length === 0) await charge.refund();
        const shareId = await services.serpShares.add(
          {
            search: {
              searchTerm: b.searchTerm,
              device: b.device,
              google_domain: b.google_domain,
              gl: b.gl,
              hl: b.hl,
            },
            searchedAt: first.page.fetchedAt ?? services.clock.now().toISOString(),
            page: first.shared,
          },
          request.auth?.workspace?.id ?? null,
        );
        return { ...first.page, speedTestId: first.speedTestId, shareId };

        /** The page, and the speed samples of its cards paid for by this search. */
        async function answer(found: SerpPage, subject: string) {
          const results = withAnswerFirst(found, b.pageNum);
          const shared = {
            source: found.source ?? expected,
            ...results,
            ...(found.coverage_notice ? { coverage_notice: found.coverage_notice } : {}),
          };
          return {
            shared,
            page: { ...shared, fetchedAt: found.fetchedAt ?? null, cached: found.cached === true },
            speedTestId: await services.speedTests.openForResults(
              subject,
              resultUrls(results.organic_results),
            ),
          };
        }
      },
    });

    api.route({
      ...endpointRoute(SERP.getShared, { tags, errors: { 404: errorResponseSchema, ...errors } }),
      preValidation: app.identify,
      handler: async (request) => {
        const hit = await services.throttle.hit(rules.sharedResults(request.ip));
        requireUnthrottled(hit);
        const { shareId } = request.params;
        const share = await services.serpShares.get(shareId);
        if (!share) throw new NotFound(SERP_MESSAGES.shareNotFound);
        // The sharer's search paid for the page; whoever opens it gets its cards' samples
        // and page facts on the same terms, and no search is counted.
        const speedTestId = await services.speedTests.openForResults(
          quotaHolder(request).subject,
          resultUrls(share.page.organic_results),
        );
        return { ...share, shareId, speedTestId };
      },
    });

    api.route({
      ...endpointRoute(SERP.checkRank, { tags, errors }),
      preValidation: app.identify,
      handler: async (request, reply) => {
        const serp = services.serp;
        if (!serp) throw new Unavailable(NO_PROVIDER, SERP_ERROR_CODES.noProvider);
        const b = request.body;
        const charge = await reply.meter('serp');
        if (!charge) return reply;
        try {
          // The source of the last page read: the chain fails over page by page. The
          // results are as old as the oldest page read, and cached if any page was.
          let source = serp.provider.source;
          let fetchedAt: string | null = null;
          let cached = false;
          const rank = await checkRank(
            async (q) => {
              const page = await serp.search(q);
              source = page.source ?? source;
              if (page.fetchedAt && (!fetchedAt || page.fetchedAt < fetchedAt)) {
                fetchedAt = page.fetchedAt;
              }
              cached ||= page.cached === true;
              return page;
            },
            {
              query: b.searchTerm,
              device: b.device === 1 ? 'mobile' : 'desktop',
              googleDomain: b.google_domain,
              gl: b.gl,
              hl: b.hl,
            },
            b.url,
            b.known,
          );
          return {
            source,
            fetchedAt,
            cached,
            position: rank.position ?? ('N/A' as const),
            domain: rank.result?.domain ?? '',
            result: rank.result,
            pagesSearched: rank.pagesSearched,
            organic_results: rank.results,
            ...(rank.coverageNotice ? { coverage_notice: rank.coverageNotice } : {}),
          };
        } catch (error) {
          await charge.refund();
          throw serpRefusal(error);
        }
      },
    });

    api.route({
      ...endpointRoute(SERP.readPageFacts, { tags, errors }),
      preValidation: app.identify,
      handler: async (request, reply) => {
        if (!request.auth) {
          const hit = await services.throttle.hit(rules.pageFacts(request.ip));
          requireUnthrottled(hit);
        }
        const { results, searchId } = request.body;
        const urls = results.map((r) => r.link);
        // The search that found these results pays for reading them once; else this call
        // costs a search of its own.
        const paid =
          searchId !== undefined &&
          (await services.speedTests.readFacts(searchId, quotaHolder(request).subject, urls));
        if (!paid && !(await reply.meter('serp'))) return reply;
        return services.pageFacts.collect(urls);
      },
    });
  },
);
