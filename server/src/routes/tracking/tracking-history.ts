import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@core/schemas/common';
import { TRACKING_ENDPOINTS as TRACKING } from '@core/endpoints/tracking';
import {
  HISTORY_PAGE_MAX,
  historyExportQuerySchema,
  historyQuerySchema,
  type HistoryRange,
} from '@core/schemas/tracking';
import { historyCsv } from '@core/tracking/history-csv';
import { endpointRoute } from '../../http/endpoint-route';
import { routesUsing } from '../../plugins/routes-using';
import { pageDevices, toTrackedPage } from '../../tracking/pages';
import { checkNotFound } from '../../tracking/tracked-pages';
import { trackingDocs } from './route-parts';

const RANGE_DAYS: Record<Exclude<HistoryRange, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 };
const docs = trackingDocs({
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
});

/**
 * A tracked page's history (JSON and CSV), one check in full, its alerts, and its
 * real-user history from the Chrome UX Report.
 */
export const trackingHistoryRoutes = routesUsing(
  ['clock', 'fieldHistory', 'trackedPages', 'tracking'],
  async (app, { services }) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { tracking, trackedPages } = services;

    /** The start of `range` back from now; null for 'all' (retention bounds it). */
    const since = (range: HistoryRange) =>
      range === 'all'
        ? null
        : new Date(services.clock.now().getTime() - RANGE_DAYS[range] * 86_400_000).toISOString();

    type Query = z.output<typeof historyQuerySchema>;
    const history = async (userId: string, id: string, query: Query) => {
      const row = await trackedPages.own(userId, id);
      const found = await tracking.checks.history(row.id, { ...query, since: since(query.range) });
      return { page: toTrackedPage(row), range: query.range, ...found };
    };

    /** The whole range for the export, read a page at a time. */
    const everything = async (
      userId: string,
      id: string,
      query: z.output<typeof historyExportQuerySchema>,
    ) => {
      const row = await trackedPages.own(userId, id);
      const checks = [];
      let before: string | undefined;
      do {
        const found = await tracking.checks.history(row.id, {
          ...query,
          since: since(query.range),
          limit: HISTORY_PAGE_MAX,
          before,
        });
        checks.push(...found.checks);
        before = found.next ?? undefined;
      } while (before);
      return { page: toTrackedPage(row), checks };
    };

    api.route({
      ...endpointRoute(TRACKING.history, docs),
      handler: async (request) => history(request.workspace.id, request.params.id, request.query),
    });

    api.route({
      ...endpointRoute(TRACKING.historyCsv, docs),
      handler: async (request, reply) => {
        const found = await everything(request.workspace.id, request.params.id, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="speed-history-${found.page.id}.csv"`,
          )
          .send(historyCsv(found.page, found.checks));
      },
    });

    api.route({
      ...endpointRoute(TRACKING.checkDetail, docs),
      handler: async (request) => {
        const row = await trackedPages.own(request.workspace.id, request.params.id);
        const check = await tracking.checks.detail(row.id, request.params.checkId);
        if (!check) throw checkNotFound();
        return check;
      },
    });

    api.route({
      ...endpointRoute(TRACKING.alerts, docs),
      handler: async (request) => {
        const row = await trackedPages.own(request.workspace.id, request.params.id);
        return { alerts: await tracking.alerts.list(row.id) };
      },
    });

    api.route({
      ...endpointRoute(TRACKING.fieldHistory, docs),
      handler: async (request) => {
        const row = await trackedPages.own(request.workspace.id, request.params.id);
        const device = request.query.device ?? pageDevices(row)[0]!;
        return services.fieldHistory.of(row.url, device);
      },
    });
  },
);
