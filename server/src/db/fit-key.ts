import crypto from 'node:crypto';

/**
 * `key` as it fits a `varchar(max)` column: unchanged when short enough, else its start and
 * a hash of the whole, so that distinct long keys (a 320-character address, an IP address
 * a client made up) stay distinct and the database never refuses the row.
 */
export function fitKey(key: string, max: number): string {
  if (key.length <= max) return key;
  const hash = crypto.createHash('sha256').update(key).digest('base64url');
  return `${key.slice(0, max - hash.length - 1)}#${hash}`;
}
