import { HttpError, HttpTimeoutError } from '../../http/fetch-json';
import { SerpProviderError } from './port';

function bodyMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  for (const key of ['error', 'message', 'status_message']) {
    if (typeof record[key] === 'string') return record[key];
  }
  const info = record.request_info as Record<string, unknown> | undefined;
  return typeof info?.message === 'string' ? info.message : null;
}

/** How a vendor words what its status codes leave open. */
export interface VendorErrors {
  /** A 400 or 429 whose message says the account's searches or credits are used up. */
  exhausted?: RegExp;
}

/**
 * Turns a vendor's HTTP failure into a SerpProviderError with a clear message: a refused
 * key is `auth`; used-up credits (402, or a 400/429 saying so) and a rate limit (429) are
 * `quota`, with messages telling them apart; 5xx is `unavailable`.
 */
export function mapProviderError(
  vendor: string,
  error: unknown,
  wording: VendorErrors = {},
): SerpProviderError {
  if (error instanceof SerpProviderError) return error;
  if (error instanceof HttpTimeoutError) {
    return new SerpProviderError('timeout', `${vendor} did not answer in time. Please try again.`);
  }
  if (error instanceof HttpError) {
    const detail = bodyMessage(error.body);
    const suffix = detail ? ` (${vendor} says: ${detail})` : '';
    const exhausted =
      error.status === 402 ||
      ((error.status === 400 || error.status === 429) &&
        detail !== null &&
        wording.exhausted?.test(detail) === true);
    if (exhausted) {
      return new SerpProviderError(
        'quota',
        `${vendor} has no searches left on its account.${suffix}`,
      );
    }
    if (error.status === 401 || error.status === 403) {
      return new SerpProviderError('auth', `${vendor} refused the configured API key.${suffix}`);
    }
    if (error.status === 429) {
      return new SerpProviderError(
        'quota',
        `${vendor} search quota is used up for now (rate limit).${suffix}`,
      );
    }
    if (error.status >= 400 && error.status < 500) {
      return new SerpProviderError('bad_request', `${vendor} rejected the search.${suffix}`);
    }
    return new SerpProviderError('unavailable', `${vendor} is not working right now.${suffix}`);
  }
  return new SerpProviderError('unavailable', `${vendor} could not be reached.`);
}

export function hostOf(link: string): string {
  try {
    return new URL(link).hostname;
  } catch {
    return '';
  }
}
