import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { KEYWORD_MESSAGES } from '@core/messages';
import { errorResponseSchema } from '@core/schemas/common';
import {
  keywordBodySchema,
  keywordClustersBodySchema,
  keywordClustersResponseSchema,
  keywordDataBodySchema,
  keywordDataResponseSchema,
  keywordResponseSchema,
  keywordSerpBodySchema,
  keywordSerpResponseSchema,
  type ContentRank,
  type KeywordAnswer,
  type KeywordDataResponse,
  type KeywordSourcesResponse,
} from '@core/schemas/keywords';
import { signedIn } from '../../plugins/authenticate';
import { FAILURE_STATUS } from '../../providers/failure-status';
import { KeywordDataError } from '../../providers/keyword-data/port';
import { chooseSeedLanguage } from '../../providers/keywords/detect-language';
import { clustersByResults, searchEach } from '../../providers/keywords/keyword-clusters';
import { KeywordProviderError } from '../../providers/keywords/port';
import { SerpProviderError } from '../../providers/serp/port';
import type { Services } from '../../services';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
  504: errorResponseSchema,
};

function sendProviderError(reply: FastifyReply, error: unknown) {
  if (
    error instanceof KeywordProviderError ||
    error instanceof KeywordDataError ||
    error instanceof SerpProviderError
  ) {
    return reply.status(FAILURE_STATUS[error.failure]).send({ message: error.message });
  }
  throw error;
}

/** The keyword tool's calls; the rate check and content filter the browser once ran are here. */
export const keywordRoutes: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireUser({ message: KEYWORD_MESSAGES.signInRequired });

  /** The configured content check; when it fails, the word list answers and is named. */
  const moderate = async (texts: string[]) => {
    const { primary, fallback } = services.moderation;
    try {
      return { rank: await primary.rank(texts), source: primary.source };
    } catch (error) {
      app.log.warn({ err: error }, 'moderation failed; the word list answers instead');
      return { rank: await fallback.rank(texts), source: fallback.source };
    }
  };

  api.post(
    '/keyword',
    {
      schema: {
        tags: ['keywords'],
        security: [{ bearer: [] }],
        body: keywordBodySchema,
        response: { 200: keywordResponseSchema, ...errors },
      },
      preHandler,
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const body = request.body;
      if (body.userId && body.userId !== auth.user.id) {
        return reply.status(403).send({ message: KEYWORD_MESSAGES.userMismatch });
      }
      const charge = await services.keywordQuota.charge(auth.user, body.size, body.searchId);
      if (!charge.ok) return reply.status(429).send({ message: charge.message });

      const suggester = services.keywords;
      const started = performance.now();
      let result;
      let language: string;
      let from: KeywordAnswer['languageFrom'];
      try {
        ({ language, from } = await chooseSeedLanguage(
          body.term,
          body.language,
          suggester.knowsAllWords?.bind(suggester),
        ));
        result = await suggester.suggest({
          term: body.term,
          algorithm: body.algorithm,
          temperature: body.temp,
          size: charge.size,
          language,
          country: body.country.toLowerCase(),
        });
      } catch (error) {
        await charge.release();
        return sendProviderError(reply, error);
      }
      const ms = Math.round(performance.now() - started);
      // Content ranks (0 clean, 1 sensitive, 2 unsafe), for the seed and every suggestion.
      const moderation = await moderate([body.term, ...result.lists.flatMap((l) => l.keywords)]);
      const rank: ContentRank = result.refused ? 2 : moderation.rank;
      return result.lists.map((list): KeywordAnswer => ({
        res: list.keywords.join(', '),
        response_filter: { termFilter: rank },
        list: list.list,
        keywords: list.keywords,
        ...(list.ideas ? { ideas: list.ideas } : {}),
        ...(list.clusteredBy ? { clusteredBy: list.clusteredBy } : {}),
        source: result.source ?? suggester.source,
        model: suggester.model,
        moderation: moderation.source,
        language,
        languageFrom: from,
        identifiedCategory: result.identifiedCategory,
        searchId: charge.searchId,
        size: charge.size,
        debug: { prompt: result.prompt, ms },
      }));
    },
  );

  api.post(
    '/keyword-data',
    {
      schema: {
        tags: ['keywords'],
        security: [{ bearer: [] }],
        body: keywordDataBodySchema,
        response: { 200: keywordDataResponseSchema, ...errors },
      },
      preHandler,
    },
    async (request, reply) => {
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
        return sendProviderError(reply, error);
      }
    },
  );

  api.post(
    '/keyword-clusters',
    {
      schema: {
        tags: ['keywords'],
        security: [{ bearer: [] }],
        body: keywordClustersBodySchema,
        response: { 200: keywordClustersResponseSchema, ...errors },
      },
      preHandler,
    },
    async (request, reply) => {
      const auth = signedIn(request);
      if (!services.serp) {
        return reply.status(503).send({ message: KEYWORD_MESSAGES.noSearchProvider });
      }
      const b = request.body;
      if (!(await services.keywordQuota.opened(auth.user.id, b.searchId))) {
        return reply.status(403).send({ message: KEYWORD_MESSAGES.previewNeedsSearch });
      }
      const keywords = [...new Set(b.keywords)];
      const searches = services.serpSearchesAreFree ? 0 : keywords.length;
      const charge = searches > 0 ? await reply.charge('serp', searches) : null;
      if (searches > 0 && !charge) {
        return reply.status(429).send({ message: KEYWORD_MESSAGES.clusterSearchesLeft(searches) });
      }
      try {
        const tops = await topTensOf(services, keywords, b.gl.toLowerCase(), b.hl);
        return { clusteredBy: 'results' as const, clusters: clustersByResults(tops), searches };
      } catch (error) {
        await charge?.refund();
        return sendProviderError(reply, error);
      }
    },
  );

  api.post(
    '/keyword-serp',
    {
      schema: {
        tags: ['keywords'],
        security: [{ bearer: [] }],
        body: keywordSerpBodySchema,
        response: { 200: keywordSerpResponseSchema, ...errors },
      },
      preHandler,
    },
    async (request, reply) => {
      const auth = signedIn(request);
      const serp = services.serp;
      if (!serp) return reply.status(503).send({ message: KEYWORD_MESSAGES.noSearchProvider });
      const b = request.body;
      if (!(await services.keywordQuota.preview(auth.user.id, b.searchId))) {
        return reply.status(403).send({ message: KEYWORD_MESSAGES.previewNeedsSearch });
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
        return { source: serp.provider.source, organic_results: page.organic_results };
      } catch (error) {
        return sendProviderError(reply, error);
      }
    },
  );
};

/** Top results of each keyword, for grouping them: one metered search each, unless free. */
async function topTensOf(
  services: Services,
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
export function keywordSources(services: Services): KeywordSourcesResponse {
  return {
    suggestions: services.keywords.source,
    model: services.keywords.model,
    moderation: services.moderation.primary.source,
    volumes: services.keywordData.source,
    search: services.serp?.provider.source ?? null,
  };
}
