/**
 * A number as en-US writes it: thousands grouped by commas, at most three decimals, as
 * `toLocaleString('en-US')` has it. Written out because a page's first use of `Intl`
 * loads the browser's locale data, a long task of 40–100 ms on a phone-class CPU, which
 * showed in our own pages' total blocking time.
 */
export function groupedNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '0', fraction] = Math.abs(value).toFixed(3).split('.');
  const digits = fraction?.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 && (whole !== '0' || digits) ? '-' : '';
  return `${sign}${grouped}${digits ? `.${digits}` : ''}`;
}

/** A share of 0–100 as the visibility tables show it: one decimal from 10, two below. */
export const percentText = (value: number): string => `${value.toFixed(value >= 10 ? 1 : 2)} %`;
