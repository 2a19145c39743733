import { describe } from 'vitest';

/**
 * The backends tests run on besides the embedded defaults, each given by `npm test`
 * (scripts/test.mjs), which starts a throwaway one on loopback and passes its URL.
 */
const BACKENDS = {
  postgres: { name: 'PostgreSQL', env: 'TEST_DATABASE_URL', flag: '--skip-postgres' },
  redis: { name: 'Redis', env: 'TEST_REDIS_URL', flag: '--skip-redis' },
} as const;

type Backend = keyof typeof BACKENDS;

/** PostgreSQL URL given by `npm test`. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** Redis URL given by `npm test`. */
export const testRedisUrl = process.env.TEST_REDIS_URL;

/**
 * The backends `npm test` was told to skip, comma-separated; set (maybe empty) by it and
 * only by it, so that unset means vitest was run directly.
 */
const toldToSkip = process.env.SPEEDRANK_TEST_SKIP;

const noticed = new Set<Backend>();

/**
 * Whether the tests on `backend` are skipped here: when its URL is missing and `npm test`
 * was told to skip it, or vitest runs without `npm test` (said once). Under `npm test`,
 * which promised it, a missing URL fails the test file instead: coverage must not vanish
 * without a word.
 */
export function skipsBackend(backend: Backend): boolean {
  const { name, env, flag } = BACKENDS[backend];
  if (process.env[env]) return false;
  if (toldToSkip === undefined) {
    if (!noticed.has(backend)) {
      noticed.add(backend);
      console.warn(`${name} tests SKIPPED: ${env} is not set (\`npm test -- --unit\` sets it).`);
    }
    return true;
  }
  if (toldToSkip.split(',').includes(backend)) return true;
  throw new Error(`npm test promised ${name} but ${env} is not set (nor ${flag} given).`);
}

/**
 * `body` once per variant, under the title `titled` gives it; a variant on a backend that
 * skipsBackend skips is skipped whole, its hooks too.
 */
function describeEach<V>(
  variants: V[],
  titled: (variant: V) => string,
  needs: (variant: V) => Backend | null,
  body: (variant: V) => void,
): void {
  for (const variant of variants) {
    const backend = needs(variant);
    describe.skipIf(backend !== null && skipsBackend(backend))(titled(variant), () =>
      body(variant),
    );
  }
}

/** A database the app runs on; `postgres` goes to buildTestApp. */
export interface DatabaseBackend {
  name: 'SQLite' | 'PostgreSQL';
  postgres: boolean;
}

const DATABASES: DatabaseBackend[] = [
  { name: 'SQLite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
];

/** `body` once per database, titled "`title` on SQLite" and "`title` on PostgreSQL". */
export function describeOnDatabases(title: string, body: (db: DatabaseBackend) => void): void {
  describeEach(
    DATABASES,
    (db) => `${title} on ${db.name}`,
    (db) => (db.postgres ? 'postgres' : null),
    body,
  );
}

/** Where queues and shared counters live: in the process, or in Redis (BullMQ's too). */
export interface QueueBackend {
  name: 'in-process' | 'Redis';
  redis: boolean;
}

const QUEUES: QueueBackend[] = [
  { name: 'in-process', redis: false },
  { name: 'Redis', redis: true },
];

/** `body` once per queue backend, titled "`title`: in-process" and "`title`: Redis". */
export function describeOnQueues(title: string, body: (queues: QueueBackend) => void): void {
  describeEach(
    QUEUES,
    (queues) => `${title}: ${queues.name}`,
    (queues) => (queues.redis ? 'redis' : null),
    body,
  );
}
