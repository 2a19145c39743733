import { FAILURE_STATUS } from './failure-status';
import { KeywordDataError } from './keyword-data/port';
import { KeywordProviderError } from './keywords/port';
import { SerpProviderError } from './serp/port';
import { DomainError } from '../domain/errors';

/**
 * A provider's failure as the API answers it (its status by the port's failure kind, the
 * provider's message); any other error as it is.
 */
export function providerFailure(error: unknown): unknown {
  if (
    error instanceof KeywordProviderError ||
    error instanceof KeywordDataError ||
    error instanceof SerpProviderError
  ) {
    return new DomainError(FAILURE_STATUS[error.failure], error.message);
  }
  return error;
}
