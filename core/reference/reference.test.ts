import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  GOOGLE_DOMAINS,
  LANGUAGES,
  findCountry,
  findGoogleDomain,
  findLanguage,
} from '.';

const unique = <T>(values: T[]) => new Set(values).size === values.length;

describe('reference lists', () => {
  it('hold at least 180 domains, 240 countries and 140 languages', () => {
    expect(GOOGLE_DOMAINS.length).toBeGreaterThanOrEqual(180);
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(140);
  });

  it('have no duplicates and lower-case codes', () => {
    expect(unique(GOOGLE_DOMAINS.map((d) => d.domain))).toBe(true);
    expect(unique(COUNTRIES.map((c) => c.code))).toBe(true);
    expect(unique(LANGUAGES.map((l) => l.code))).toBe(true);
    for (const c of COUNTRIES) expect(c.code).toMatch(/^[a-z]{2}$/);
    for (const l of LANGUAGES) expect(l.code).toBe(l.code.toLowerCase());
  });

  it('list countries in the order the locale-aware comparison gives', () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names.indexOf("Côte d'Ivoire")).toBeLessThan(names.indexOf('Croatia'));
    expect(names.indexOf('Uganda')).toBeLessThan(names.indexOf('UK'));
  });

  it('map every Google domain to a known country', () => {
    for (const d of GOOGLE_DOMAINS) expect(findCountry(d.countryCode), d.domain).toBeDefined();
    expect(findGoogleDomain('google.com')).toMatchObject({
      country: 'United States',
      countryCode: 'us',
    });
    expect(findGoogleDomain('GOOGLE.CO.UK')?.countryCode).toBe('gb');
  });

  it('include the playful languages', () => {
    expect(findLanguage('xx-pirate')?.name).toBe('Pirate');
    expect(findLanguage('xx-klingon')?.name).toBe('Klingon');
    expect(findLanguage('en')?.name).toBe('English');
  });
});
