import { describe, expect, it } from 'vitest';
import { sameUrl } from './budget-measurement';

describe('sameUrl', () => {
  it('holds an address the same however it was written, but not another page', () => {
    expect(sameUrl('https://shop.example', 'https://shop.example/')).toBe(true);
    expect(sameUrl('https://shop.example/a#top', 'https://shop.example/a')).toBe(true);
    expect(sameUrl('https://shop.example/a', 'https://shop.example/b')).toBe(false);
    expect(sameUrl('not a url', 'https://shop.example/')).toBe(false);
  });
});
