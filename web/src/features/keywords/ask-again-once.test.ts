import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-client';
import { askAgainOnce } from './ask-again-once';

const failure = (status: number) => new ApiError(status, `status ${status}`, null);

describe('askAgainOnce', () => {
  it('asks a list again once when its source failed, and keeps the second answer', async () => {
    const ask = vi.fn().mockRejectedValueOnce(failure(502)).mockResolvedValueOnce(['a', 'b']);
    await expect(askAgainOnce(ask)).resolves.toEqual(['a', 'b']);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('asks again when the request got no answer at all', async () => {
    const ask = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(['a']);
    await expect(askAgainOnce(ask)).resolves.toEqual(['a']);
  });

  it('gives up with the second failure after two tries', async () => {
    const second = failure(504);
    const ask = vi.fn().mockRejectedValueOnce(failure(502)).mockRejectedValueOnce(second);
    await expect(askAgainOnce(ask)).rejects.toBe(second);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it.each([401, 422, 429])('does not repeat a refusal (%i)', async (status) => {
    const refusal = failure(status);
    const ask = vi.fn().mockRejectedValue(refusal);
    await expect(askAgainOnce(ask)).rejects.toBe(refusal);
    expect(ask).toHaveBeenCalledTimes(1);
  });
});
