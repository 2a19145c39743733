import type { RunErrorKind } from '@core/speed';

/**
 * What Lighthouse's runtime error codes (core/lib/lh-error.js, the same in PSI's answers)
 * say about a failed sample: the page answered an HTTP error, could not be reached, or
 * hung; anything else is Lighthouse's own failure to measure.
 */
const KINDS: Record<string, RunErrorKind> = {
  ERRORED_DOCUMENT_REQUEST: 'http_status',
  DNS_FAILURE: 'unreachable',
  FAILED_DOCUMENT_REQUEST: 'unreachable',
  NO_DOCUMENT_REQUEST: 'unreachable',
  CHROME_INTERSTITIAL_ERROR: 'unreachable',
  INSECURE_DOCUMENT_REQUEST: 'unreachable',
  PAGE_HUNG: 'timeout',
  PROTOCOL_TIMEOUT: 'timeout',
  CRI_TIMEOUT: 'timeout',
};

export const lighthouseErrorKind = (code: string): RunErrorKind => KINDS[code] ?? 'other';

/** True for the codes about the main document's load, which a guarded fetch can explain. */
export const isDocumentError = (code: string) =>
  KINDS[code] === 'http_status' || KINDS[code] === 'unreachable';

/** ERRORED_DOCUMENT_REQUEST's message ends '(Status code: 500)'. */
export function statusCodeIn(message: string): number | null {
  const match = /Status code: (\d{3})/.exec(message);
  return match ? Number(match[1]) : null;
}

export const pageAnswered = (status: number) => `The page answered ${status}.`;
