import { z } from 'zod';
import { mapFieldData, type FieldResult, type FieldSource } from '@core/speed';
import type { Strategy } from '../lab-speed/port';
import type { FieldDataProvider } from './port';
import {
  CRUX_BASE_URL,
  CRUX_METRICS,
  cruxFailure,
  cruxFormFactor,
  queryCrux,
  type CruxTarget,
} from './crux-request';

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
  for (const m of CRUX_METRICS) {
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

/**
 * The Chrome UX Report API: page (`url`) and origin, PHONE or DESKTOP. Its 404 means 'not
 * enough real user data' (a null set); any other failure is the result's `error`.
 */
export class CruxFieldData implements FieldDataProvider {
  readonly source = 'crux' as const;
  private readonly endpoint;

  constructor(apiKey: string, baseUrl = CRUX_BASE_URL, timeoutMs = 30_000) {
    this.endpoint = { apiKey, baseUrl, timeoutMs };
  }

  private query(target: CruxTarget, strategy: Strategy) {
    const body = {
      ...target,
      formFactor: cruxFormFactor(strategy),
      metrics: CRUX_METRICS.map((m) => m.crux),
    };
    return queryCrux(this.endpoint, 'queryRecord', body, (raw) =>
      mapFieldData(cruxToFieldSource(raw)),
    );
  }

  async fetch(url: string, strategy: Strategy): Promise<FieldResult> {
    const [page, origin] = await Promise.allSettled([
      this.query({ url }, strategy),
      this.query({ origin: new URL(url).origin }, strategy),
    ]);
    const failed = [page, origin].find((r) => r.status === 'rejected');
    return {
      // A set that did arrive is kept; the error still tells the UI the lookup failed.
      page: page.status === 'fulfilled' ? page.value : null,
      origin: origin.status === 'fulfilled' ? origin.value : null,
      source: this.source,
      error: failed ? cruxFailure(failed.reason, this.endpoint.timeoutMs) : null,
    };
  }
}
