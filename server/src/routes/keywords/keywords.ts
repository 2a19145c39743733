import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { KEYWORDS_ENDPOINTS as KEYWORDS } from '@core/endpoints/keywords';
import { KEYWORD_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import type { KeywordDataResponse, KeywordSourcesResponse } from '@core/schemas/keywords';
import { Forbidden, QuotaExceeded, Unavailable } from '../../domain/errors';
import { endpointRoute } from '../../http/endpoint-route';
import { providerFailure } from '../../providers/provider-failure';
import { requireSignedIn } from '../../plugins/authenticate';
import { clustersByResults, searchEach } from '../../keywords/keyword-clusters';
import { routesUsing } from '../../plugins/routes-using';
import type { Services } from '../../services';

const docs = {
  tags: ['keywords'],
  errors: {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    422: errorResponseSchema,
    429: errorResponseSchema,
    502: errorResponseSchema,
    503: errorResponseSchema,
    504: errorResponseSchema,
  },
};

/** The keyword tool's calls; the rate check and content filter the browser once ran are here. */
export const keywordRoutes = routesUsing(
  ['keywordData', 'keywordQuota', 'keywordSearch', 'serp', 'serpSearchesAreFree'],
  async (app, { services }) => {
    requireSignedIn(app, { message: KEYWORD_MESSAGES.signInRequired });
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.route({
      ...endpointRoute(KEYWORDS.suggest, docs),
      handler: async (request) =>
        services.keywordSearch.run(request.signedIn.user, request.workspace, request.body),
    });

    api.route({
      ...endpointRoute(KEYWORDS.getVolumes, docs),
      handler: async (request) => {
        const { country_data: market, keywords } = request.body;
        const provider = services.keywordData;
        try {
          const items = await provider.lookup(keywords, {
            countryCode: (market.country_code ?? 'us').toLowerCase(),
            language: market.language.toLowerCase().slice(0, 2),
          });
          const answer: KeywordDataResponse = [items, { source: provider.source }];
          return answer;
        } catch (error) {
          throw providerFailure(error);
        }
      },
    });

    api.route({
      ...endpointRoute(KEYWORDS.cluster, docs),
      handler: async (request, reply) => {
        if (!services.serp) throw new Unavailable(KEYWORD_MESSAGES.noSearchProvider);
        const b = request.body;
        if (!(await services.keywordQuota.opened(request.workspace.id, b.searchId))) {
          throw new Forbidden(KEYWORD_MESSAGES.previewNeedsSearch);
        }
        const keywords = [...new Set(b.keywords)];
        const searches = services.serpSearchesAreFree ? 0 : keywords.length;
        const charge = searches > 0 ? await reply.charge('serp', searches) : null;
        if (searches > 0 && !charge) {
          throw new QuotaExceeded(KEYWORD_MESSAGES.clusterSearchesLeft(searches));
        }
        try {
          const tops = await topTensOf(services, keywords, b.gl.toLowerCase(), b.hl);
          return { clusteredBy: 'results' as const, clusters: clustersByResults(tops), searches };
        } catch (error) {
          await charge?.refund();
          throw providerFailure(error);
        }
      },
    });

    api.route({
      ...endpointRoute(KEYWORDS.getTopResults, docs),
      handler: async (request) => {
        const serp = services.serp;
        if (!serp) throw new Unavailable(KEYWORD_MESSAGES.noSearchProvider);
        const b = request.body;
        if (!(await services.keywordQuota.preview(request.workspace.id, b.searchId))) {
          throw new Forbidden(KEYWORD_MESSAGES.previewNeedsSearch);
        }
        try {
          const page = await serp.search({
            query: b.term,
            device: 'desktop',
            pageNum: 1,
            googleDomain: 'google.com',
            gl: b.gl,
            hl: b.hl,
          });
          return {
            source: page.source ?? serp.provider.source,
            organic_results: page.organic_results,
          };
        } catch (error) {
          throw providerFailure(error);
        }
      },
    });
  },
);

/** Top results of each keyword, for grouping them: one metered search each, unless free. */
async function topTensOf(
  services: Pick<Services, 'serp'>,
  keywords: string[],
  gl: string,
  hl: string,
): Promise<Map<string, string[]>> {
  const serp = services.serp!;
  const pages = await searchEach(keywords, (query) =>
    serp.search({ query, device: 'desktop', pageNum: 1, googleDomain: 'google.com', gl, hl }),
  );
  return new Map(keywords.map((k, i) => [k, pages[i]!.organic_results.map((r) => r.link)]));
}

/** The providers behind the keyword tool's figures, as this installation is configured. */
export function keywordSources(
  services: Pick<Services, 'keywords' | 'moderation' | 'keywordData' | 'serp'>,
): KeywordSourcesResponse {
  return {
    suggestions: services.keywords.source,
    model: services.keywords.model,
    moderation: services.moderation.primary.source,
    volumes: services.keywordData.source,
    search: services.serp?.provider.source ?? null,
  };
}
