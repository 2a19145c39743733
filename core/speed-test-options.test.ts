import { describe, expect, it } from 'vitest';
import { sampleChoices, withScheme } from './speed-test-options';

describe('speed test options', () => {
  it('offers 3, 2, 1 to free users and visitors, and the plan limit down to 1 to paid plans', () => {
    expect(sampleChoices(undefined)).toEqual([3, 2, 1]);
    expect(sampleChoices(1)).toEqual([3, 2, 1]);
    expect(sampleChoices(2)).toEqual([5, 4, 3, 2, 1]);
    expect(sampleChoices(4)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('prefixes http:// when the scheme is missing', () => {
    expect(withScheme('example.com')).toBe('http://example.com');
    expect(withScheme(' https://example.com/a ')).toBe('https://example.com/a');
    expect(withScheme('HTTP://x.org')).toBe('HTTP://x.org');
  });
});
