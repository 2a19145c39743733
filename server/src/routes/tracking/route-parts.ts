/** What the tracking routes share: their path and their OpenAPI tags. */
export const TRACKING_PREFIX = '/tracking/pages';
export const trackingSchema = <T extends object>(extra: T) => ({ tags: ['tracking'], ...extra });
