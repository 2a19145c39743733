/**
 * What the app says to people, one file per feature; client and server import them from here.
 * `spec.ts` holds the original product's wording, word for word; the others say where
 * they keep it and where they are SpeedRank's own.
 */
export * from './spec';
export * from './account';
export * from './keywords';
export * from './mixlab';
export * from './pro';
export * from './server';
export * from './speed';
export * from './tracking';
export * from './account-data';
export * from './email';
export * from './paypal';
export * from './webhooks';
export * from './serp';
export * from './live';
export * from './gates';
export * from './admin';
export * from './rum';
export * from './rank-tracking';
export * from './workspaces';
export * from './checks';
export * from './flows';
export * from './reports';
export * from './sign-in';
