// `npm test`: install what is missing, then type-check, lint, unit/API tests, browser tests
// and Lighthouse CI over our own pages. `npm test -- --unit [vitest arguments]` runs the
// unit/API tests alone.
//
// The tests on PostgreSQL and on Redis run on throwaway ones started here on loopback. If
// either cannot start, the run fails and says why: their tests are left out only when the
// run is told so, with `--skip-postgres` and/or `--skip-redis` (`npm test -- --skip-redis
// --unit …`), and then its last line says they were SKIPPED. The flags are the one way to
// skip them (an exported variable could skip them unnoticed); vitest hears of them through
// SPEEDRANK_TEST_SKIP (server/test/backends.ts).
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

const SKIP_FLAGS = { '--skip-postgres': 'postgres', '--skip-redis': 'redis' };
const args = process.argv.slice(2);
const skipped = new Set(args.filter((arg) => arg in SKIP_FLAGS).map((arg) => SKIP_FLAGS[arg]));
const rest = args.filter((arg) => !(arg in SKIP_FLAGS));
const unitOnly = rest[0] === '--unit';
const vitestArgs = unitOnly ? rest.slice(1) : [];
const vitest =
  (...projects) =>
  () =>
    run('npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...vitestArgs], {
      env,
    });
const steps = unitOnly
  ? [['unit, API and lab tests', vitest('unit', 'lab')]]
  : [
      // Two cores: the type-check and the lint run side by side.
      [
        'type-check and lint',
        () =>
          Promise.all([
            run('npm', ['run', '--silent', 'typecheck']),
            run('npm', ['run', '--silent', 'lint']),
          ]),
      ],
      // Before the unit tests, whose `npm start` would otherwise build it too.
      ['web build', () => ensureWebBuild({ force: true })],
      ['unit and API tests', vitest('unit')],
      // Alone: Lighthouse's scores suffer from any other load.
      ['lab tests (Lighthouse in Chromium)', vitest('lab')],
      ['browser tests', () => run('npx', ['vitest', 'run', '--project', 'e2e'], { env })],
      // Alone, one file at a time, the insight file first: these measure with Lighthouse,
      // whose estimates suffer from any other load (right after the speed-test file's app
      // stopped, the render-blocking insight's savings read 10 ms or none, twice).
      [
        'browser tests of what Lighthouse measures',
        async () => {
          for (const file of [
            'e2e/speed-insights.e2e.ts',
            'e2e/speed-test.e2e.ts',
            'e2e/flows.e2e.ts',
          ])
            await run('npx', ['vitest', 'run', '--project', 'e2e-lab', file], { env });
        },
      ],
      // Last, on a quiet machine: Lighthouse's scores suffer from any other load.
      ['Lighthouse CI on our own pages', () => run('npx', ['tsx', 'scripts/lighthouse-ci.ts'])],
    ];

const BACKENDS = {
  postgres: { name: 'PostgreSQL', debian: 'postgresql', start: startTestPostgres },
  redis: { name: 'Redis', debian: 'redis-server', start: startTestRedis },
};
/** Why each backend that was to start did not. */
const failures = new Map();
/** Starts `backend` unless told to skip it; null when skipped or when it failed. */
async function startBackend(backend) {
  if (skipped.has(backend)) return null;
  try {
    const started = await BACKENDS[backend].start();
    if (started) return started;
    failures.set(backend, 'it is not installed, and cannot be installed here');
  } catch (error) {
    failures.set(backend, error.message.trim());
  }
  return null;
}
const postgres = await startBackend('postgres');
const redis = await startBackend('redis');
if (failures.size > 0) {
  redis?.stop();
  postgres?.stop();
  const failed = [...failures.keys()];
  const names = failed.map((b) => BACKENDS[b].name).join(' and ');
  for (const [backend, why] of failures) log(`${BACKENDS[backend].name} cannot start: ${why}`);
  log(
    `Install Debian's ${failed.map((b) => BACKENDS[b].debian).join(' and ')} ` +
      `(sudo apt-get install -y ${failed.map((b) => BACKENDS[b].debian).join(' ')}), ` +
      `or leave out their tests on purpose: npm test -- ${failed.map((b) => `--skip-${b}`).join(' ')} …`,
  );
  log(`Tests not run: ${names} could not start.`);
  process.exit(1);
}
const env = { ...process.env, SPEEDRANK_TEST_SKIP: [...skipped].join(',') };
delete env.TEST_DATABASE_URL;
delete env.TEST_REDIS_URL;
if (postgres) env.TEST_DATABASE_URL = postgres.url;
if (redis) env.TEST_REDIS_URL = redis.url;
/** Said at the end of the run, whatever its outcome: which tests were left out on purpose. */
const skipNote =
  skipped.size === 0
    ? ''
    : ` — ${[...skipped].map((b) => BACKENDS[b].name).join(' and ')} tests SKIPPED (told to)`;

const started = Date.now();
/** Each finished stage and its seconds, printed together at the end, passed or not. */
const times = [];
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
try {
  for (const [name, step] of steps) {
    if (interruptedBy) break;
    log(`== ${name}`);
    const t = Date.now();
    await step();
    times.push([name, seconds(t)]);
    log(`   ${name} passed in ${seconds(t)} s`);
  }
  if (!interruptedBy) {
    for (const [name, s] of times) log(`   ${s.padStart(7)} s  ${name}`);
    log(`All tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s${skipNote}`);
  }
} catch (error) {
  // A step ended by the signal fails as it goes; the signal is the news, not that failure.
  if (!interruptedBy) {
    log(`Tests failed: ${error.message}${skipNote}`);
    process.exitCode = 1;
  }
} finally {
  try {
    redis?.stop();
  } finally {
    postgres?.stop();
  }
}
if (interruptedBy) {
  log(`Stopped by ${interruptedBy}.${skipNote}`);
  process.exit(128 + os.constants.signals[interruptedBy]);
}
