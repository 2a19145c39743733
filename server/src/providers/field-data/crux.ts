import { z } from 'zod';
import { mapFieldData, type FieldResult, type FieldSet, type FieldSource } from '@core/speed';
import { HttpError, HttpTimeoutError, fetchJson } from '../../http/fetch-json';
import type { Strategy } from '../lab-speed/port';
import type { FieldDataProvider } from './port';

/** CrUX metric → PSI-style key, and the web-vitals thresholds (good ≤, poor >). */
const METRICS: { crux: string; key: string; good: number; poor: number }[] = [
  { crux: 'largest_contentful_paint', key: 'LARGEST_CONTENTFUL_PAINT_MS', good: 2500, poor: 4000 },
  { crux: 'interaction_to_next_paint', key: 'INTERACTION_TO_NEXT_PAINT', good: 200, poor: 500 },
  { crux: 'cumulative_layout_shift', key: 'CUMULATIVE_LAYOUT_SHIFT_SCORE', good: 0.1, poor: 0.25 },
  { crux: 'first_contentful_paint', key: 'FIRST_CONTENTFUL_PAINT_MS', good: 1800, poor: 3000 },
  {
    crux: 'experimental_time_to_first_byte',
    key: 'EXPERIMENTAL_TIME_TO_FIRST_BYTE',
    good: 800,
    poor: 1800,
  },
];

const recordSchema = z.object({
  record: z.object({
    metrics: z.record(
      z.string(),
      z.object({ percentiles: z.object({ p75: z.union([z.number(), z.string()]) }).optional() }),
    ),
  }),
});

/** Maps a CrUX record to the PSI-style field source (CLS ×100 as PSI reports it). */
export function cruxToFieldSource(body: unknown): FieldSource {
  const { record } = recordSchema.parse(body);
  const out: FieldSource = {};
  for (const m of METRICS) {
    const p75 = record.metrics[m.crux]?.percentiles?.p75;
    if (p75 === undefined) continue;
    const value = Number(p75);
    const category = value <= m.good ? 'FAST' : value > m.poor ? 'SLOW' : 'AVERAGE';
    out[m.key] = {
      percentile: m.crux === 'cumulative_layout_shift' ? Math.round(value * 100) : value,
      category,
    };
  }
  return out;
}

/** Google's error envelope: `{"error": {"code", "message", "status"}}`. */
const errorBodySchema = z.object({ error: z.object({ message: z.string() }) });

/** A failed CrUX call in words fit for users; the key never appears in them. */
function cruxFailure(error: unknown, timeoutMs: number): string {
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
 * The Chrome UX Report API: page (`url`) and origin, PHONE or DESKTOP. Its 404 means 'not
 * enough real user data' (a null set); any other failure is the result's `error`.
 */
export class CruxFieldData implements FieldDataProvider {
  readonly source = 'crux' as const;

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = 'https://chromeuxreport.googleapis.com',
    private readonly timeoutMs = 30_000,
  ) {}

  private async query(body: object, retry = true): Promise<FieldSet> {
    try {
      const raw = await fetchJson(
        `${this.baseUrl}/v1/records:queryRecord?key=${encodeURIComponent(this.apiKey)}`,
        { method: 'POST', body, timeoutMs: this.timeoutMs },
      );
      return mapFieldData(cruxToFieldSource(raw));
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      if (retry && transient(error)) return this.query(body, false);
      throw error;
    }
  }

  async fetch(url: string, strategy: Strategy): Promise<FieldResult> {
    const formFactor = strategy === 'mobile' ? 'PHONE' : 'DESKTOP';
    const metrics = METRICS.map((m) => m.crux);
    const [page, origin] = await Promise.allSettled([
      this.query({ url, formFactor, metrics }),
      this.query({ origin: new URL(url).origin, formFactor, metrics }),
    ]);
    const failed = [page, origin].find((r) => r.status === 'rejected');
    return {
      // A set that did arrive is kept; the error still tells the UI the lookup failed.
      page: page.status === 'fulfilled' ? page.value : null,
      origin: origin.status === 'fulfilled' ? origin.value : null,
      source: this.source,
      error: failed ? cruxFailure(failed.reason, this.timeoutMs) : null,
    };
  }
}
