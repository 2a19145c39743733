import { describe, expect, it } from 'vitest';
import { RUM_MESSAGES } from '@core/messages';
import { createRumSiteBodySchema } from '@core/schemas/rum';
import { siteFormErrors } from './rum-site-form-errors';

const errorsOf = (input: object) => {
  const parsed = createRumSiteBodySchema.safeParse(input);
  return parsed.success ? {} : siteFormErrors(parsed.error.issues);
};

describe('the site form’s messages', () => {
  it('puts the shared schema’s message under each field, an origin’s with its line', () => {
    expect(
      errorsOf({
        name: ' ',
        origins: ['https://shop.example', 'https://shop.example/cart'],
        sampleRate: 1.5,
      }),
    ).toEqual({
      name: 'Enter a name',
      origins: `Line 2: ${RUM_MESSAGES.badOrigin}`,
      sampleRate: RUM_MESSAGES.badSampleRate,
    });
    expect(errorsOf({ name: 'Shop', origins: [], sampleRate: Number.NaN })).toEqual({
      origins: 'Enter at least one origin',
      sampleRate: RUM_MESSAGES.badSampleRate,
    });
    expect(errorsOf({ name: 'Shop', origins: ['http://example.test'], sampleRate: 0.25 })).toEqual(
      {},
    );
  });
});
