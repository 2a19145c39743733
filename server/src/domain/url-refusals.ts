import { SPEED_MESSAGES, WEBHOOK_MESSAGES } from '@core/messages';
import { TRACKING_ERROR_CODES } from '@core/schemas/tracking';
import { WEBHOOK_ERROR_CODES } from '@core/schemas/webhooks';
import { SPEED_ERROR_CODES } from '@core/speed';
import { FetchRefused, vetUrl, type SafeFetchOptions } from '../http/safe-fetch';
import { Invalid } from './errors';

/** How a feature words a URL the SSRF guard refused: the guard's reason, under its own code. */
export const URL_REFUSALS = {
  speed: (refused: FetchRefused) =>
    new Invalid(`${SPEED_MESSAGES.invalidUrl}. ${refused.message}`, SPEED_ERROR_CODES.invalidUrl),
  tracking: (refused: FetchRefused) =>
    new Invalid(
      `${SPEED_MESSAGES.invalidUrl}. ${refused.message}`,
      TRACKING_ERROR_CODES.invalidUrl,
    ),
  webhook: (refused: FetchRefused) =>
    new Invalid(WEBHOOK_MESSAGES.invalidUrl(refused.message), WEBHOOK_ERROR_CODES.invalidUrl),
} as const satisfies Record<string, (refused: FetchRefused) => Invalid>;

export type UrlRefusal = keyof typeof URL_REFUSALS;

/** Runs `work`; a FetchRefused it throws becomes the 400 of `refusal`. */
export async function refusingUrls<T>(refusal: UrlRefusal, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FetchRefused) throw URL_REFUSALS[refusal](error);
    throw error;
  }
}

/**
 * Checks a user-given URL before anything stores or loads it (scheme, credentials,
 * address); a refused one is the 400 of `refusal`.
 */
export function vetOrRefuse(
  url: string,
  fetchOptions: SafeFetchOptions,
  refusal: UrlRefusal,
): Promise<URL> {
  return refusingUrls(refusal, () => vetUrl(url, fetchOptions));
}
