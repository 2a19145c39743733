const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The emoji flag of a two-letter country code ('' for anything else). */
export function flagEmoji(countryCode: string): string {
  if (!/^[a-z]{2}$/i.test(countryCode)) return '';
  return String.fromCodePoint(
    ...[...countryCode.toUpperCase()].map((c) => REGIONAL_INDICATOR_A + c.charCodeAt(0) - 65),
  );
}
