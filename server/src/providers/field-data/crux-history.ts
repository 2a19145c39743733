import { z } from 'zod';
import { FIELD_HISTORY_PERIODS, type FieldHistorySeries } from '@core/schemas/tracking';
import type { Strategy } from '../lab-speed/port';
import {
  CRUX_BASE_URL,
  CRUX_METRICS,
  cruxFailure,
  cruxFormFactor,
  queryCrux,
  type CruxTarget,
} from './crux-request';
import type { FieldHistoryLookup, FieldHistoryProvider } from './history-port';

const dateSchema = z.object({ year: z.number(), month: z.number(), day: z.number() });

/**
 * `records:queryHistoryRecord`'s answer as far as it is read: per metric one p75 per
 * collection period, oldest first (CLS as strings; null or "NaN" for a week without
 * data); fraction-type metrics carry no percentiles.
 */
const historySchema = z.object({
  record: z.object({
    metrics: z.record(
      z.string(),
      z.object({
        percentilesTimeseries: z
          .object({ p75s: z.array(z.union([z.number(), z.string(), z.null()])) })
          .optional(),
      }),
    ),
    collectionPeriods: z.array(z.object({ firstDate: dateSchema, lastDate: dateSchema })),
  }),
});

const isoDate = ({ year, month, day }: z.infer<typeof dateSchema>) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** A week's p75, or null where CrUX had too little data that week (null, "NaN"). */
function p75Of(value: number | string | null): number | null {
  if (value === null) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** A history record as the API answers it, in ms (CLS unitless, not ×100 as PSI's). */
export function cruxToFieldHistory(body: unknown): FieldHistorySeries {
  const { record } = historySchema.parse(body);
  const p75: FieldHistorySeries['p75'] = {};
  for (const m of CRUX_METRICS) {
    const p75s = record.metrics[m.crux]?.percentilesTimeseries?.p75s;
    if (p75s) p75[m.short] = p75s.map(p75Of);
  }
  return {
    periods: record.collectionPeriods.map((period) => ({
      firstDate: isoDate(period.firstDate),
      lastDate: isoDate(period.lastDate),
    })),
    p75,
  };
}

/**
 * The CrUX History API: a page's (`url`) or an origin's weekly p75s, PHONE or DESKTOP,
 * FIELD_HISTORY_PERIODS periods (the API's default is about 25). Its 404 means 'not
 * enough real user data'; any other failure is the lookup's `error`.
 */
export class CruxFieldHistory implements FieldHistoryProvider {
  readonly source = 'crux' as const;
  private readonly endpoint;

  constructor(apiKey: string, baseUrl = CRUX_BASE_URL, timeoutMs = 30_000) {
    this.endpoint = { apiKey, baseUrl, timeoutMs };
  }

  async history(target: CruxTarget, strategy: Strategy): Promise<FieldHistoryLookup> {
    const body = {
      ...target,
      formFactor: cruxFormFactor(strategy),
      metrics: CRUX_METRICS.map((m) => m.crux),
      collectionPeriodCount: FIELD_HISTORY_PERIODS,
    };
    try {
      const series = await queryCrux(this.endpoint, 'queryHistoryRecord', body, cruxToFieldHistory);
      return { series, error: null };
    } catch (error) {
      return { series: null, error: cruxFailure(error, this.endpoint.timeoutMs) };
    }
  }
}
