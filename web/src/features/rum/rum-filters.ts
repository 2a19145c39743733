import type { z } from 'zod';
import { rumSummaryQuerySchema } from '@core/schemas/rum';

/** What a dashboard shows: its window in days and the filters on the summary. */
export type RumFilters = z.output<typeof rumSummaryQuerySchema>;
export type RumDevice = NonNullable<RumFilters['device']>;
export type RumConnection = NonNullable<RumFilters['connection']>;

const fields = rumSummaryQuerySchema.shape;

export const RUM_DEVICES = fields.device.unwrap().options;
export const RUM_CONNECTIONS = fields.connection.unwrap().options;

/**
 * The dashboard keeps its filters in the address, so a reload or a shared link shows the
 * same figures: the site, then each filter under the summary's own parameter name.
 */
export const SITE_PARAM = 'site';
const FILTER_PARAMS = ['days', 'device', 'connection', 'pageGroup'] as const;
type FilterParam = (typeof FILTER_PARAMS)[number];
/** The window the API shows when none is asked for. */
const DEFAULT_DAYS = fields.days.parse(undefined);

/** The filters an address asks for; a value the API would refuse is left out, not sent. */
export function filtersFromParams(params: URLSearchParams): RumFilters {
  const raw = (key: FilterParam) => params.get(key) ?? undefined;
  const days = fields.days.safeParse(raw('days'));
  const device = fields.device.safeParse(raw('device'));
  const connection = fields.connection.safeParse(raw('connection'));
  const pageGroup = fields.pageGroup.safeParse(raw('pageGroup'));
  const filters: RumFilters = { days: days.success ? days.data : DEFAULT_DAYS };
  if (device.data) filters.device = device.data;
  if (connection.data) filters.connection = connection.data;
  if (pageGroup.data) filters.pageGroup = pageGroup.data;
  return filters;
}

/**
 * The address after a change of filters: the other parameters kept, a filter set to
 * undefined removed (all devices, all pages), the default window left out.
 */
export function paramsWith(
  params: URLSearchParams,
  change: Partial<{ [K in FilterParam]: RumFilters[K] | undefined }>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || (key === 'days' && value === DEFAULT_DAYS)) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** The summary's query string for `filters`, the parameters always in one order. */
export function summaryQuery(filters: RumFilters): string {
  const query = new URLSearchParams();
  for (const key of FILTER_PARAMS) {
    const value = filters[key];
    if (value !== undefined) query.set(key, String(value));
  }
  return query.toString();
}

/** Whether anything narrows the window's page views (so an empty answer is not 'no data yet'). */
export const isFiltered = (filters: RumFilters) =>
  Boolean(filters.device || filters.connection || filters.pageGroup);
