import { TRACKING_MESSAGES } from '@core/messages';
import { TRACKING_ERROR_CODES } from '@core/schemas/tracking';

/** What the tracking routes share: their path, their 404 and their OpenAPI tags. */
export const TRACKING_PREFIX = '/tracking/pages';
export const PAGE_NOT_FOUND = {
  message: TRACKING_MESSAGES.notFound,
  code: TRACKING_ERROR_CODES.notFound,
};
export const trackingSchema = <T extends object>(extra: T) => ({
  tags: ['tracking'],
  security: [{ bearer: [] }],
  ...extra,
});
