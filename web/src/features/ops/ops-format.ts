const whole = new Intl.NumberFormat('en-US');

/** A count as operators read it: 12,345. */
export const formatCount = (n: number) => whole.format(n);

/** Dollars, to the hundredth of a cent below a dollar (a few searches cost less than a cent). */
export function formatUsd(usd: number): string {
  return `$${usd.toFixed(usd !== 0 && usd < 1 ? 4 : 2)}`;
}

/** An ISO time in UTC, to the second: the month's counts are UTC too. */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 19).replace('T', ' ')} UTC`;
}
