import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SERP_VENDORS } from '@core/schemas/serp';
import { SERP_VENDOR_DESCRIPTORS, SERP_VENDOR_ENV } from './vendors';

describe('the SERP vendor descriptors', () => {
  it.each(SERP_VENDORS)('%s: configured by exactly the variables it names, priced', (vendor) => {
    const descriptor = SERP_VENDOR_DESCRIPTORS[vendor];
    expect(descriptor.id).toBe(vendor);
    const named = descriptor.keyNames.split(' and ');
    for (const name of named) expect(Object.keys(descriptor.env)).toContain(name);
    const parse = (values: Record<string, string>) => z.object(SERP_VENDOR_ENV).parse(values);
    expect(descriptor.hasKey(parse({}))).toBe(false);
    const all = Object.fromEntries(named.map((name) => [name, 'secret']));
    expect(descriptor.hasKey(parse(all))).toBe(true);
    // One credential of two is not enough.
    if (named.length > 1) expect(descriptor.hasKey(parse({ [named[0]!]: 'secret' }))).toBe(false);
    expect(descriptor.pricePerThousandUsd).toBeGreaterThan(0);
    expect(descriptor.create(parse(all), 1000).source).toBe(vendor);
  });
});
