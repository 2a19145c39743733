import { describe, expect, it } from 'vitest';
import { HttpError, HttpTimeoutError } from '../../http/fetch-json';
import { httpFailure, statusFailure } from './failures';

const serp = { action: 'search', outageCodes: [40101] };
const labs = { action: 'keyword lookup' };

describe('DataForSEO status codes', () => {
  it.each([
    [40101, serp, 'unavailable'],
    [40101, labs, 'auth'],
    [40100, serp, 'auth'],
    [40200, labs, 'quota'],
    [40210, labs, 'quota'],
    [40501, labs, 'bad_request'],
    [40000, labs, 'bad_request'],
    [50000, labs, 'unavailable'],
    [50301, labs, 'unavailable'],
    // Not 20000 is never a success, even a code DataForSEO only sends elsewhere.
    [20100, labs, 'unavailable'],
  ] as const)('maps %i (%o) to %s', (code, api, failure) => {
    expect(statusFailure(code, 'Recorded message.', api)).toEqual({
      failure,
      message: expect.stringMatching(/ \(DataForSEO says: Recorded message\.\)$/),
    });
  });

  it('names what was rejected', () => {
    expect(statusFailure(40501, 'Invalid Field.', labs).message).toBe(
      'DataForSEO rejected the keyword lookup. (DataForSEO says: Invalid Field.)',
    );
  });
});

describe('DataForSEO HTTP failures', () => {
  const envelope = { status_code: 40100, status_message: 'You are not authorized.' };
  it.each([
    [401, 'auth'],
    [403, 'auth'],
    [402, 'quota'],
    [429, 'quota'],
    [404, 'bad_request'],
    [500, 'unavailable'],
    [503, 'unavailable'],
  ] as const)('maps HTTP %i to %s', (status, failure) => {
    expect(httpFailure(new HttpError(status, envelope, `HTTP ${status}`), labs)).toEqual({
      failure,
      message: expect.stringContaining('(DataForSEO says: You are not authorized.)'),
    });
  });

  it('leaves out a body that is not DataForSEO’s envelope', () => {
    const html = httpFailure(new HttpError(502, '<html>Bad gateway</html>', 'HTTP 502'), labs);
    expect(html).toEqual({
      failure: 'unavailable',
      message: 'DataForSEO is not working right now.',
    });
  });

  it('maps a timeout and a lost connection', () => {
    expect(httpFailure(new HttpTimeoutError('No answer'), labs).failure).toBe('timeout');
    expect(httpFailure(new TypeError('fetch failed'), labs)).toEqual({
      failure: 'unavailable',
      message: 'DataForSEO could not be reached.',
    });
  });
});
