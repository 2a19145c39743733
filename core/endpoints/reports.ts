import { reportSubscriptionSchema, weeklyReportSchema } from '../schemas/reports';
import { endpoint } from './endpoint';

/** A workspace's weekly report: its page, and each member's choice of the weekly email. */
export const REPORT_ENDPOINTS = {
  weekly: endpoint({
    method: 'GET',
    path: '/reports/weekly',
    status: 200,
    response: weeklyReportSchema,
  }),
  subscription: endpoint({
    method: 'GET',
    path: '/reports/weekly/subscription',
    status: 200,
    response: reportSubscriptionSchema,
  }),
  subscribe: endpoint({
    method: 'PUT',
    path: '/reports/weekly/subscription',
    body: reportSubscriptionSchema,
    status: 200,
    response: reportSubscriptionSchema,
  }),
};
