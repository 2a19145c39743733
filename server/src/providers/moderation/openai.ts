import type { ContentRank } from '@core/schemas/keywords';
import OpenAI from 'openai';
import type { Moderation } from 'openai/resources/moderations';
import { ModerationError, type Moderator } from './port';

export interface OpenAiModeratorOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}

/** Categories where a lower score already makes a text sensitive; `hate/threatening` is `hate`. */
const WATCHED = ['hate', 'harassment', 'self-harm', 'sexual', 'violence', 'illicit'];

/**
 * Spec ranks from one moderation result (thresholds from the vendor contract): flagged is 2
 * unsafe; a score of 0.2 anywhere, or 0.1 in a watched category, is 1 sensitive.
 */
export function rankModeration(result: Moderation): ContentRank {
  if (result.flagged) return 2;
  const scores = Object.entries(result.category_scores) as [string, number][];
  const sensitive = scores.some(
    ([name, score]) =>
      score >= 0.2 || (score >= 0.1 && WATCHED.some((prefix) => name.startsWith(prefix))),
  );
  return sensitive ? 1 : 0;
}

/** OpenAI's free moderation endpoint; compatible self-hosted servers have none. */
export class OpenAiModerator implements Moderator {
  readonly source = 'openai' as const;
  private readonly client: OpenAI;
  private readonly label: string;

  constructor(private readonly options: OpenAiModeratorOptions) {
    this.label = `The moderation service at ${new URL(options.baseUrl).host}`;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      timeout: options.timeoutMs,
      maxRetries: 2,
    });
  }

  async rank(texts: readonly string[], signal?: AbortSignal): Promise<ContentRank> {
    const input = texts.filter((text) => text.trim() !== '');
    if (input.length === 0) return 0;
    let results: Moderation[];
    try {
      ({ results } = await this.client.moderations.create(
        { model: 'omni-moderation-latest', input },
        { signal },
      ));
    } catch (error) {
      throw this.failure(error);
    }
    return results.reduce<ContentRank>((worst, result) => {
      const rank = rankModeration(result);
      return rank > worst ? rank : worst;
    }, 0);
  }

  private failure(error: unknown): unknown {
    // The caller gave up (its own signal): not the service's failure.
    if (error instanceof OpenAI.APIUserAbortError) return error;
    if (error instanceof OpenAI.APIConnectionTimeoutError) {
      return new ModerationError(
        `${this.label} did not answer within ${this.options.timeoutMs} ms.`,
      );
    }
    if (error instanceof OpenAI.APIConnectionError) {
      return new ModerationError(`${this.label} could not be reached.`);
    }
    if (!(error instanceof OpenAI.APIError) || error.status === undefined) return error;
    const says = error.message.replace(/^\d{3}\s+/, '').slice(0, 200);
    const cause =
      error.status === 401 || error.status === 403
        ? 'refused the API key'
        : error.status === 404
          ? 'has no /moderations endpoint (self-hosted servers offer none; use the word list)'
          : error.status === 429
            ? 'is limiting requests or the quota is used up'
            : 'is not working right now';
    return new ModerationError(`${this.label} ${cause} (HTTP ${error.status}). It says: ${says}`);
  }
}
