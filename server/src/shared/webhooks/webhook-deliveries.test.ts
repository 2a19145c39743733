import { describe, expect, it } from 'vitest';
import { FetchRefused } from '../../http/safe-fetch';
import { attemptOutcome } from './webhook-deliveries';

describe('attemptOutcome', () => {
  it('tries again after network errors, timeouts, DNS failures, 429 and 5xx', () => {
    for (const reason of ['network', 'timeout', 'dns'] as const) {
      expect(attemptOutcome(new FetchRefused(reason, `${reason}.`))).toEqual({
        result: 'retry',
        status: null,
        error: `${reason}.`,
      });
    }
    for (const status of [429, 500, 502, 503, 504]) {
      expect(attemptOutcome({ status, body: '' }).result, String(status)).toBe('retry');
    }
  });

  it('gives up at once on other answers and on a URL the guard now refuses', () => {
    for (const status of [301, 400, 401, 403, 404, 410]) {
      expect(attemptOutcome({ status, body: '' }).result, String(status)).toBe('fail');
    }
    expect(attemptOutcome({ status: 302, body: '' })).toMatchObject({
      error: 'Answered HTTP 302 (redirects are not followed)',
    });
    expect(attemptOutcome(new FetchRefused('blocked_address', 'private.')).result).toBe('fail');
    expect(attemptOutcome(new FetchRefused('bad_url', 'https only.')).result).toBe('fail');
  });

  it('delivers on any 2xx and keeps the start of a refusing answer, one line', () => {
    expect(attemptOutcome({ status: 204, body: '' })).toEqual({ result: 'delivered', status: 204 });
    const long = attemptOutcome({ status: 400, body: `no_text\n\n${'x'.repeat(500)}` });
    expect(long.result === 'fail' && long.error).toBe(
      `Answered HTTP 400: no_text ${'x'.repeat(192)}`,
    );
  });
});
