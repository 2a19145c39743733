import { describe, expect, it } from 'vitest';
import { SecretBox, UnknownSecretKey } from './secret-box';

const KEY = 'the current key, at least thirty-two characters';
const OLD = 'the previous key, at least thirty-two characters';

describe('sealing stored secrets', () => {
  it('opens what it sealed, never writing the plain value, each seal different', () => {
    const box = new SecretBox(KEY);
    const first = box.seal('whsec_abc123');
    expect(first).not.toContain('whsec_abc123');
    expect(box.seal('whsec_abc123')).not.toBe(first);
    expect(box.open(first)).toBe('whsec_abc123');
  });

  it('refuses an altered value rather than open it wrong', () => {
    const box = new SecretBox(KEY);
    const sealed = box.seal('whsec_abc123');
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    expect(() => box.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`)).toThrow();
  });

  it('opens values of a previous key and asks for them to be sealed again', () => {
    const sealedOld = new SecretBox(OLD).seal('whsec_old');
    const rotated = new SecretBox(KEY, [OLD]);
    expect(rotated.open(sealedOld)).toBe('whsec_old');
    expect(rotated.needsResealing(sealedOld)).toBe(true);
    expect(rotated.needsResealing(rotated.seal('whsec_new'))).toBe(false);
    // Stored in clear before sealing existed: read as it is, and sealed at the next start.
    expect(rotated.open('whsec_plain')).toBe('whsec_plain');
    expect(rotated.needsResealing('whsec_plain')).toBe(true);
    expect(() => new SecretBox(KEY).open(sealedOld)).toThrow(UnknownSecretKey);
  });
});
