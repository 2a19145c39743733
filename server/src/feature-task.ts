import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Services } from './services';

/** Work a feature looks for on a timer, in each process that serves the API. */
export interface FeatureTask {
  readonly name: string;
  /** Whether this process runs it, as configured. */
  runs(config: Config): boolean;
  everyMs(config: Config): number;
  pass(services: Services, log: FastifyBaseLogger): Promise<unknown>;
  /** A pass before the app serves, too. */
  readonly atStart?: boolean;
}
