import { describe, expect, it } from 'vitest';
import { fitKey } from './fit-key';

describe('fitKey', () => {
  it('keeps a key that fits and shortens one that does not, keeping long keys apart', () => {
    expect(fitKey('ip:203.0.113.7', 80)).toBe('ip:203.0.113.7');
    const a = fitKey(`login-fail:email:${'a'.repeat(300)}@example.com`, 300);
    const b = fitKey(`login-fail:email:${'a'.repeat(300)}@example.org`, 300);
    expect(a).toHaveLength(300);
    expect(a.startsWith('login-fail:email:aaa')).toBe(true);
    expect(a).not.toBe(b);
    expect(fitKey(`ip:${'x'.repeat(1_000)}`, 80)).toHaveLength(80);
  });
});
