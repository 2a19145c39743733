import { describe, expect, it } from 'vitest';
import { rumValueText } from './metric-text';

describe('rumValueText', () => {
  it('writes page-load timings in seconds, INP in whole ms and CLS to two decimals', () => {
    expect(rumValueText('LCP', 2140)).toBe('2.1 s');
    expect(rumValueText('FCP', 960)).toBe('1.0 s');
    expect(rumValueText('TTFB', 310)).toBe('0.3 s');
    expect(rumValueText('INP', 1234.6)).toBe('1,235 ms');
    expect(rumValueText('CLS', 0.057)).toBe('0.06');
    expect(rumValueText('CLS', 0)).toBe('0.00');
  });
});
