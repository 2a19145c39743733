import { describe, expect, it } from 'vitest';
import { timeZoneSchema } from './time-zone';

describe('time zone schema', () => {
  it('takes the zones Intl supports, under the names Intl gives them', () => {
    expect(timeZoneSchema.parse('Europe/Berlin')).toBe('Europe/Berlin');
    expect(timeZoneSchema.parse('america/new_york')).toBe('America/New_York');
    // Browsers in UTC say 'UTC' or 'Etc/UTC'; Intl's list of zones has neither.
    expect(timeZoneSchema.parse('UTC')).toBe('UTC');
    expect(timeZoneSchema.parse('Etc/UTC')).toBe('UTC');
  });

  it('refuses what is no zone', () => {
    for (const zone of ['Mars/Olympus_Mons', '', '+02:00', 'Europe/Berlin; drop table users', 42]) {
      expect(timeZoneSchema.safeParse(zone).success, String(zone)).toBe(false);
    }
  });
});
