import type { LabEnvironment } from '../speed';

/**
 * A lab environment that names only its Lighthouse version, as a PageSpeed Insights reply
 * (or any result that leaves the rest out) yields it: the other fields null or empty, one
 * run at a time. For tests in core/ and server/.
 */
export const VERSION_ONLY_LAB_ENVIRONMENT: LabEnvironment = {
  lighthouseVersion: '12.8.2',
  chromiumVersion: null,
  benchmarkIndex: null,
  throttlingMethod: null,
  throttling: {},
  concurrency: 1,
};
