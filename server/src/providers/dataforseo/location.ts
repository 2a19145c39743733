import countries from 'i18n-iso-countries';
import { findCountry } from '@core/reference';

/**
 * DataForSEO's location code for a country: a Google Ads geo target, which for a country is
 * 2000 + its ISO 3166 numeric code (2840 United States, 2826 United Kingdom). Codes rather
 * than names, since our country names are short aliases ('UK') DataForSEO does not know.
 */
export function countryLocationCode(countryCode: string): number | undefined {
  const country = findCountry(countryCode);
  const numeric = country && countries.alpha2ToNumeric(country.code.toUpperCase());
  return numeric ? 2000 + Number(numeric) : undefined;
}
