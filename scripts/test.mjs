// `npm test`: install what is missing, then type-check, lint, unit/API tests, browser tests
// and Lighthouse CI over our own pages.
import { ensureChromium, ensureNodeModules, ensureWebBuild, log, run } from './lib.mjs';
import { startTestPostgres } from './postgres.mjs';

ensureNodeModules();
if (!ensureChromium()) throw new Error('Browser tests need Debian chromium at /usr/bin/chromium.');

const steps = [
  ['type-check', () => run('npm', ['run', '--silent', 'typecheck'])],
  ['lint', () => run('npm', ['run', '--silent', 'lint'])],
  ['unit and API tests', () => run('npx', ['vitest', 'run', '--project', 'unit'], { env })],
  ['web build', () => ensureWebBuild({ force: true })],
  ['browser tests', () => run('npx', ['vitest', 'run', '--project', 'e2e'], { env })],
  // Last, on a quiet machine: Lighthouse's scores suffer from any other load.
  ['Lighthouse CI on our own pages', () => run('npx', ['tsx', 'scripts/lighthouse-ci.ts'])],
];

const postgres = await startTestPostgres();
const env = { ...process.env };
if (postgres) env.TEST_DATABASE_URL = postgres.url;
else log('PostgreSQL is not available: its tests will be skipped.');

const started = Date.now();
try {
  for (const [name, step] of steps) {
    log(`== ${name}`);
    const t = Date.now();
    step();
    log(`   ${name} passed in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  log(`All tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} finally {
  postgres?.stop();
}
