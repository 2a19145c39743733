import { ApiError } from '../../api/api-client';

/**
 * Whether a second try may succeed: a source that failed this time (a 5xx answer) or a
 * request that never got an answer. A refusal (limit, sign-in, a language the source does
 * not know) would only be repeated.
 */
export function worthAskingAgain(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

/**
 * A keyword request that failed is made once more, language detection included (the
 * server detects the seed's language on each request): one list whose source failed for a
 * moment then neither fails the whole search nor goes missing from it.
 */
export async function askAgainOnce<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (!worthAskingAgain(error)) throw error;
    return ask();
  }
}
