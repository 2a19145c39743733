import { describe, expect, it } from 'vitest';
import { timeInWords } from './email-time';

describe('times in emails', () => {
  it('writes the moment out in the reader’s zone and names the zone', () => {
    const at = '2026-11-26T08:14:00.000Z';
    expect(timeInWords(at, 'Europe/Berlin')).toBe(
      'Thursday 26 November 2026 at 09:14 (Europe/Berlin)',
    );
    expect(timeInWords(at, 'UTC')).toBe('Thursday 26 November 2026 at 08:14 (UTC)');
    // West of UTC the day can be the one before; midnight is 00, not 24.
    expect(timeInWords('2026-11-26T05:00:00.000Z', 'America/New_York')).toBe(
      'Thursday 26 November 2026 at 00:00 (America/New_York)',
    );
    expect(timeInWords('2026-11-26T03:30:00.000Z', 'America/Los_Angeles')).toBe(
      'Wednesday 25 November 2026 at 19:30 (America/Los_Angeles)',
    );
  });
});
