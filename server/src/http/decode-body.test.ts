import { describe, expect, it } from 'vitest';
import { decodeBody } from './decode-body';

describe('decodeBody', () => {
  const cafe = Buffer.from([0x63, 0x61, 0x66, 0xe9]);
  it('uses the header charset', () => {
    expect(decodeBody(cafe, 'text/html; charset=ISO-8859-1')).toBe('café');
  });
  it('falls back to a meta charset, then UTF-8', () => {
    const page = Buffer.concat([Buffer.from('<meta charset="windows-1252"><p>'), cafe]);
    expect(decodeBody(page, 'text/html')).toBe('<meta charset="windows-1252"><p>café');
    expect(decodeBody(Buffer.from('café'), 'text/html')).toBe('café');
    expect(decodeBody(Buffer.from('café'), 'text/html; charset=bogus-label')).toBe('café');
  });
});
