import { z } from 'zod';
import { HttpError, HttpTimeoutError } from '../../http/fetch-json';

export type DataForSeoFailureKind = 'auth' | 'quota' | 'timeout' | 'unavailable' | 'bad_request';

/** A failed DataForSEO call, neutral so each adapter throws its own port's error. */
export interface DataForSeoFailure {
  failure: DataForSeoFailureKind;
  message: string;
}

/** What differs between DataForSEO's APIs when a call fails. */
export interface DataForSeoApi {
  /** What the call does, for messages: 'search' gives "DataForSEO rejected the search." */
  action: string;
  /** Codes this API uses for a passing outage of its own (40101 on SERP tasks), not a login problem. */
  outageCodes?: readonly number[];
}

/** DataForSEO's own success code, at the top of the answer and in each task. */
export const OK = 20000;

const says = (message: string | null) => (message ? ` (DataForSEO says: ${message})` : '');

/** Maps a status code that is not 20000, sent at the top or in a task, usually with HTTP 200. */
export function statusFailure(
  code: number,
  message: string,
  api: DataForSeoApi,
): DataForSeoFailure {
  const detail = says(message);
  if (api.outageCodes?.includes(code)) {
    return {
      failure: 'unavailable',
      message: `DataForSEO could not run the ${api.action} right now.${detail}`,
    };
  }
  if (code >= 40100 && code < 40200) {
    return { failure: 'auth', message: `DataForSEO refused the configured login.${detail}` };
  }
  if (code >= 40200 && code < 40300) {
    return { failure: 'quota', message: `DataForSEO quota is used up for now.${detail}` };
  }
  if (code >= 40000 && code < 50000) {
    return { failure: 'bad_request', message: `DataForSEO rejected the ${api.action}.${detail}` };
  }
  return { failure: 'unavailable', message: `DataForSEO is not working right now.${detail}` };
}

// DataForSEO's HTTP errors carry its usual envelope; keep its message for the logs.
const errorBodySchema = z.object({ status_message: z.string() });

/** Maps a failure of the HTTP call itself: an HTTP error status, a timeout or no connection. */
export function httpFailure(error: unknown, api: DataForSeoApi): DataForSeoFailure {
  if (error instanceof HttpTimeoutError) {
    return { failure: 'timeout', message: 'DataForSEO did not answer in time. Please try again.' };
  }
  if (!(error instanceof HttpError)) {
    return { failure: 'unavailable', message: 'DataForSEO could not be reached.' };
  }
  const body = errorBodySchema.safeParse(error.body);
  const detail = says(body.success ? body.data.status_message : null);
  if (error.status === 401 || error.status === 403) {
    return { failure: 'auth', message: `DataForSEO refused the configured login.${detail}` };
  }
  if (error.status === 402 || error.status === 429) {
    return { failure: 'quota', message: `DataForSEO quota is used up for now.${detail}` };
  }
  if (error.status < 500) {
    return { failure: 'bad_request', message: `DataForSEO rejected the ${api.action}.${detail}` };
  }
  return { failure: 'unavailable', message: `DataForSEO is not working right now.${detail}` };
}
