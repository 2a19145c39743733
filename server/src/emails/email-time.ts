const PARTS = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;

/**
 * A moment as an email reader reads it, in their zone and named so that no one need guess:
 * 'Thursday 26 November 2026 at 09:14 (Europe/Berlin)'.
 */
export function timeInWords(at: string | Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { ...PARTS, timeZone }).formatToParts(
    new Date(at),
  );
  const part = (type: keyof typeof PARTS) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')} at ${part('hour')}:${part('minute')} (${timeZone})`;
}
