import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';

/** Countries with ISO 3166-1 alpha-2 codes, from the maintained i18n-iso-countries data. */
export interface Country {
  /** Lower case, as Google's `gl` parameter takes it. */
  code: string;
  name: string;
}

countries.registerLocale(en);

/**
 * The name's letters without accents, in lower case: sorting by it gives these names the
 * order `localeCompare` gives them, without `Intl`, whose first use on a page loads the
 * browser's locale data (a long task on a phone).
 */
const sortKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export const COUNTRIES: readonly Country[] = Object.entries(
  countries.getNames('en', { select: 'alias' }),
)
  .map(([code, name]) => ({ code: code.toLowerCase(), name, key: sortKey(name) }))
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  .map(({ code, name }) => ({ code, name }));
