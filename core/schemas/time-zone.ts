import { z } from 'zod';

/**
 * The browser's IANA time zone, sent with each sign-in so that emails written later, by
 * scheduled work with no browser at hand, can give their times in the reader's zone.
 */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** The zone emails use for someone whose browser never said. */
export const DEFAULT_TIME_ZONE = 'UTC';

let supported: Set<string> | undefined;

/**
 * Intl's own name for a zone it supports, or null. Names differ in case or are aliases
 * ('europe/berlin', 'Etc/UTC'); Intl resolves them to one name. Its list of supported
 * zones leaves out UTC, which it still resolves every UTC alias to.
 */
function supportedZone(zone: string): string | null {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  supported ??= new Set(Intl.supportedValuesOf('timeZone'));
  return resolved === DEFAULT_TIME_ZONE || supported.has(resolved) ? resolved : null;
}

/** A time zone Intl supports, given as Intl names it. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .transform((zone, ctx) => {
    const name = supportedZone(zone);
    if (name) return name;
    ctx.addIssue({ code: 'custom', message: 'Not a supported IANA time zone.' });
    return z.NEVER;
  });
