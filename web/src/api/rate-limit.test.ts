import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { refusalOf, refusedWhenLimited } from './rate-limit';

const failing = (error: unknown) => () => Promise.reject(error);

describe('a rate check read as a refusal', () => {
  it('lets the use go on when the check answers', async () => {
    await expect(refusalOf(async () => ({ status: 'SUCCESS' }), refusedWhenLimited)).resolves.toBe(
      null,
    );
  });

  it('refuses with the 429 the check answered', async () => {
    const limited = new ApiError(429, 'Monthly limit reached', null);
    await expect(refusalOf(failing(limited), refusedWhenLimited)).resolves.toBe(limited);
  });

  it('lets the use go on when the check itself fails, telling onFailed', async () => {
    const onFailed = vi.fn();
    const broken = new ApiError(500, 'down', null);
    await expect(refusalOf(failing(broken), refusedWhenLimited, onFailed)).resolves.toBe(null);
    const offline = new TypeError('Failed to fetch');
    await expect(refusalOf(failing(offline), refusedWhenLimited, onFailed)).resolves.toBe(null);
    expect(onFailed.mock.calls).toEqual([[broken], [offline]]);
  });
});
