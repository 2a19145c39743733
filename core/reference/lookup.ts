import { COUNTRIES, type Country } from './countries';
import { GOOGLE_DOMAINS, type GoogleDomain } from './google-domains';
import { LANGUAGES, type Language } from './languages';

export function findGoogleDomain(domain: string): GoogleDomain | undefined {
  const wanted = domain.toLowerCase();
  return GOOGLE_DOMAINS.find((d) => d.domain === wanted);
}

export function findCountry(code: string): Country | undefined {
  const wanted = code.toLowerCase();
  return COUNTRIES.find((c) => c.code === wanted);
}

export function findLanguage(code: string): Language | undefined {
  const wanted = code.toLowerCase();
  return LANGUAGES.find((l) => l.code === wanted);
}
