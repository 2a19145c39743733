import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-client';
import { speedRefusal } from './speed-refusal';

describe("the speed test's rate check refusals", () => {
  it('reads 429 as the monthly limit and 400 as the sample limit, with the plan maximum', () => {
    expect(speedRefusal(new ApiError(429, 'limit', { maxSampleSize: 3 }))).toEqual({
      limit: 'monthly',
      maxSampleSize: 3,
    });
    expect(speedRefusal(new ApiError(400, 'too many', {}))).toEqual({
      limit: 'sampleSize',
      maxSampleSize: null,
    });
  });

  it('refuses nothing for another failure of the check', () => {
    expect(speedRefusal(new ApiError(500, 'down', null))).toBeNull();
  });
});
