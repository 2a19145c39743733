import { z } from 'zod';
import type { FieldHistoryMetric } from '@core/schemas/tracking';
import { HttpError, HttpTimeoutError, fetchJson } from '../../http/fetch-json';
import type { Strategy } from '../lab-speed/port';

/**
 * The metrics asked of CrUX: each one's CrUX name, PSI-style key, short name and the
 * web-vitals thresholds (good ≤, poor >).
 */
export const CRUX_METRICS: {
  crux: string;
  key: string;
  short: FieldHistoryMetric;
  good: number;
  poor: number;
}[] = [
  {
    crux: 'largest_contentful_paint',
    key: 'LARGEST_CONTENTFUL_PAINT_MS',
    short: 'LCP',
    good: 2500,
    poor: 4000,
  },
  {
    crux: 'interaction_to_next_paint',
    key: 'INTERACTION_TO_NEXT_PAINT',
    short: 'INP',
    good: 200,
    poor: 500,
  },
  {
    crux: 'cumulative_layout_shift',
    key: 'CUMULATIVE_LAYOUT_SHIFT_SCORE',
    short: 'CLS',
    good: 0.1,
    poor: 0.25,
  },
  {
    crux: 'first_contentful_paint',
    key: 'FIRST_CONTENTFUL_PAINT_MS',
    short: 'FCP',
    good: 1800,
    poor: 3000,
  },
  {
    crux: 'experimental_time_to_first_byte',
    key: 'EXPERIMENTAL_TIME_TO_FIRST_BYTE',
    short: 'TTFB',
    good: 800,
    poor: 1800,
  },
];

export const CRUX_BASE_URL = 'https://chromeuxreport.googleapis.com';

/** What CrUX is asked about: one page, or every page of an origin. */
export type CruxTarget = { url: string } | { origin: string };

/** CrUX's form factor of a device. */
export const cruxFormFactor = (strategy: Strategy) => (strategy === 'mobile' ? 'PHONE' : 'DESKTOP');

/** Google's error envelope: `{"error": {"code", "message", "status"}}`. */
const errorBodySchema = z.object({ error: z.object({ message: z.string() }) });

/** A failed CrUX call in words fit for users; the key never appears in them. */
export function cruxFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof HttpTimeoutError)
    return `The Chrome UX Report API did not answer within ${timeoutMs / 1000} s.`;
  if (error instanceof HttpError) {
    const body = errorBodySchema.safeParse(error.body);
    return `The Chrome UX Report API answered ${error.status}${body.success ? `: ${body.data.error.message}` : '.'}`;
  }
  if (error instanceof z.ZodError) return 'The Chrome UX Report API answered in an unknown shape.';
  const detail = error instanceof Error ? error.message : String(error);
  return `The Chrome UX Report API could not be reached (${detail}).`;
}

/** Worth one more try at once: Google's 5xx and network failures are transient. */
const transient = (error: unknown) =>
  error instanceof HttpError
    ? error.status >= 500
    : !(error instanceof z.ZodError || error instanceof HttpTimeoutError);

/**
 * One call of the Chrome UX Report API (`records:queryRecord` or its history sibling),
 * read by `parse`. Its 404 means 'not enough real user data': null. A 5xx or a network
 * failure is tried once more; any other failure is thrown, for cruxFailure to word.
 */
export async function queryCrux<T>(
  endpoint: { apiKey: string; baseUrl: string; timeoutMs: number },
  method: 'queryRecord' | 'queryHistoryRecord',
  body: object,
  parse: (raw: unknown) => T,
  retry = true,
): Promise<T | null> {
  try {
    const raw = await fetchJson(
      `${endpoint.baseUrl}/v1/records:${method}?key=${encodeURIComponent(endpoint.apiKey)}`,
      { method: 'POST', body, timeoutMs: endpoint.timeoutMs },
    );
    return parse(raw);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    if (retry && transient(error)) return queryCrux(endpoint, method, body, parse, false);
    throw error;
  }
}
