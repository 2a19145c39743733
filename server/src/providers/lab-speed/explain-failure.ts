import { FetchRefused, safeFetch, type SafeFetchOptions } from '../../http/safe-fetch';
import {
  isDocumentError,
  lighthouseErrorKind,
  pageAnswered,
  statusCodeIn,
} from './lighthouse-errors';
import type { LighthouseFailure } from './lighthouse-process';
import { LabRunError } from './port';

/** Enough of the page to learn its status; the body is not read. */
const PROBE_BYTES = 64 * 1024;

/**
 * Why Lighthouse could not load a page. Lighthouse reports the main document's HTTP error
 * itself (ERRORED_DOCUMENT_REQUEST '(Status code: 500)' in the LHR's runtimeError), but the
 * browser reaches pages only through the guard proxy, whose refusals it sees as a 403 or a
 * failed tunnel. So a document failure is checked once more with the guarded page fetcher,
 * which follows redirects with the same check: a refused address wins, then Lighthouse's
 * own status code, then the fetcher's status or network failure.
 */
export async function explainLighthouseFailure(
  url: string,
  failure: LighthouseFailure,
  guard: SafeFetchOptions,
): Promise<LabRunError> {
  if (!isDocumentError(failure.code))
    return new LabRunError(lighthouseErrorKind(failure.code), failure.message);
  const probe = await safeFetch(url, { ...guard, maxBytes: PROBE_BYTES }).then(
    (page) => page.status,
    (error: unknown) => (error instanceof FetchRefused ? error : null),
  );
  if (probe instanceof FetchRefused && probe.reason === 'blocked_address')
    return new LabRunError('blocked_address', probe.message);
  const status = statusCodeIn(failure.message) ?? (typeof probe === 'number' ? probe : 0);
  if (status >= 400) return new LabRunError('http_status', pageAnswered(status));
  if (probe instanceof FetchRefused && probe.reason !== 'bad_url')
    return new LabRunError('unreachable', probe.message);
  return new LabRunError(lighthouseErrorKind(failure.code), failure.message);
}
