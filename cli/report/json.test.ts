import { describe, expect, it } from 'vitest';
import { checkSchema } from '@core/schemas/checks';
import { failingCheck } from './check-fixtures';
import { renderJson } from './json';

describe('renderJson', () => {
  it('writes the check as the API answers it, unknown values null', () => {
    const check = failingCheck();
    const text = renderJson(check);
    expect(text.endsWith('}\n')).toBe(true);
    const parsed = checkSchema.parse(JSON.parse(text));
    expect(parsed).toEqual(check);
    expect(parsed.pages[1]!.median!.cls).toBeNull();
  });
});
