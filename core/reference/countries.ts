import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

/** Countries with ISO 3166-1 alpha-2 codes, from the maintained i18n-iso-countries data. */
export interface Country {
  /** Lower case, as Google's `gl` parameter takes it. */
  code: string;
  name: string;
}

countries.registerLocale(en);

export const COUNTRIES: readonly Country[] = Object.entries(
  countries.getNames('en', { select: 'alias' }),
)
  .map(([code, name]) => ({ code: code.toLowerCase(), name }))
  .sort((a, b) => a.name.localeCompare(b.name));
