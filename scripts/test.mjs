// `npm test`: install what is missing, then type-check, lint, unit/API tests, browser tests
// and Lighthouse CI over our own pages. `npm test -- --unit [vitest arguments]` runs the
// unit/API tests alone.
import os from 'node:os';
import {
  ensureChromium,
  ensureNodeModules,
  ensureSupportedNode,
  ensureWebBuild,
  log,
  runAsync,
} from './lib.mjs';
import { startTestPostgres } from './postgres.mjs';
import { startTestRedis } from './redis.mjs';

await ensureSupportedNode();
ensureNodeModules();
if (!ensureChromium()) throw new Error('Browser tests need Debian chromium at /usr/bin/chromium.');

// On Ctrl-C or SIGTERM the step under way is ended and PostgreSQL and Redis stopped.
const interrupt = new AbortController();
let interruptedBy = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interruptedBy ??= signal;
    interrupt.abort();
  });
}
const run = (command, args, options = {}) =>
  runAsync(command, args, { signal: interrupt.signal, killSignal: 'SIGINT', ...options });

const unitOnly = process.argv[2] === '--unit';
const vitestArgs = unitOnly ? process.argv.slice(3) : [];
const unit = [
  'unit and API tests',
  () => run('npx', ['vitest', 'run', '--project', 'unit', ...vitestArgs], { env }),
];
const steps = unitOnly
  ? [unit]
  : [
      ['type-check', () => run('npm', ['run', '--silent', 'typecheck'])],
      ['lint', () => run('npm', ['run', '--silent', 'lint'])],
      unit,
      ['web build', () => ensureWebBuild({ force: true })],
      ['browser tests', () => run('npx', ['vitest', 'run', '--project', 'e2e'], { env })],
      // Last, on a quiet machine: Lighthouse's scores suffer from any other load.
      ['Lighthouse CI on our own pages', () => run('npx', ['tsx', 'scripts/lighthouse-ci.ts'])],
    ];

const postgres = await startTestPostgres();
// A Redis that failed to start must not leave the PostgreSQL cluster behind.
const redis = await startTestRedis().catch((error) => {
  postgres?.stop();
  throw error;
});
const env = { ...process.env };
if (postgres) env.TEST_DATABASE_URL = postgres.url;
else log('PostgreSQL is not available: its tests will be skipped.');
if (redis) env.TEST_REDIS_URL = redis.url;
else log('Redis is not available: its tests will be skipped.');

const started = Date.now();
try {
  for (const [name, step] of steps) {
    if (interruptedBy) break;
    log(`== ${name}`);
    const t = Date.now();
    await step();
    log(`   ${name} passed in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  if (!interruptedBy) log(`All tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} catch (error) {
  // A step ended by the signal fails as it goes; the signal is the news, not that failure.
  if (!interruptedBy) throw error;
} finally {
  try {
    redis?.stop();
  } finally {
    postgres?.stop();
  }
}
if (interruptedBy) {
  log(`Stopped by ${interruptedBy}.`);
  process.exit(128 + os.constants.signals[interruptedBy]);
}
