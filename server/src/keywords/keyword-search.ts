import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { KEYWORD_MESSAGES } from '@core/messages';
import type { ContentRank, KeywordAnswer, keywordBodySchema } from '@core/schemas/keywords';
import type { User } from '../db/schema';
import type { Holder } from '../domain/workspace-access';
import { Forbidden, QuotaExceeded } from '../domain/errors';
import { providerFailure } from '../providers/provider-failure';
import { chooseSeedLanguage } from './detect-language';
import type { Services } from '../services';

type KeywordRequest = z.output<typeof keywordBodySchema>;
type KeywordDeps = Pick<Services, 'keywords' | 'moderation' | 'keywordQuota'>;

/**
 * One `POST /keyword` request of a search: charges its size to the workspace's keyword quota,
 * asks the suggestion source in the seed's language, and ranks the seed and every
 * suggestion's content. A source that fails gives the charge back.
 */
export class KeywordSearch {
  constructor(
    /** The configured suggestion source, content checks and keyword quota. */
    private readonly services: KeywordDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run(user: User, holder: Holder, request: KeywordRequest): Promise<KeywordAnswer[]> {
    if (request.userId && request.userId !== user.id) {
      throw new Forbidden(KEYWORD_MESSAGES.userMismatch);
    }
    const charge = await this.services.keywordQuota.charge(holder, request.size, request.searchId);
    if (!charge.ok) throw new QuotaExceeded(charge.message);

    const suggester = this.services.keywords;
    const started = performance.now();
    let result;
    let language: string;
    let from: KeywordAnswer['languageFrom'];
    try {
      ({ language, from } = await chooseSeedLanguage(
        request.term,
        request.language,
        suggester.knowsAllWords?.bind(suggester),
      ));
      result = await suggester.suggest({
        term: request.term,
        algorithm: request.algorithm,
        temperature: request.temp,
        size: charge.size,
        language,
        country: request.country.toLowerCase(),
      });
    } catch (error) {
      await charge.release();
      throw providerFailure(error);
    }
    const ms = Math.round(performance.now() - started);
    // Content ranks (0 clean, 1 sensitive, 2 unsafe), for the seed and every suggestion.
    const moderation = await this.moderate([
      request.term,
      ...result.lists.flatMap((l) => l.keywords),
    ]);
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
  }

  /** The configured content check; when it fails, the word list answers and is named. */
  private async moderate(texts: string[]) {
    const { primary, fallback } = this.services.moderation;
    try {
      return { rank: await primary.rank(texts), source: primary.source };
    } catch (error) {
      this.log.warn({ err: error }, 'moderation failed; the word list answers instead');
      return { rank: await fallback.rank(texts), source: fallback.source };
    }
  }
}
