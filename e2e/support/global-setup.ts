import type { TestProject } from 'vitest/node';
import { startAppProcess } from '../../server/test/app-process';

/** The MixLab password of the app the browser tests run against. */
export const E2E_MIXLAB_PASSWORD = 'e2e-mixlab-password';

/** How the browser tests' apps are configured (the suite's one and a file's own). */
export const E2E_APP_ENV: Record<string, string> = {
  MIXLAB_PASSWORD: E2E_MIXLAB_PASSWORD,
  // The shop is the app's own sandbox: no need to wait between its pages here.
  SCRAPE_DELAY_MS: '10',
  // Every browser test signs up from 127.0.0.1; the per-IP throttles have tests of their own.
  REGISTRATIONS_PER_IP: '1000',
  LOGIN_ATTEMPTS_PER_IP: '1000',
  EMAILS_PER_IP: '1000',
  PAGE_FACTS_PER_IP: '1000',
  // A run still going when the suite ends is not worth waiting for.
  SHUTDOWN_DRAIN_MS: '0',
};

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** What measures the project's samples (set in vitest.config.ts). */
    lab: 'stand-in' | 'lighthouse';
  }
}

/**
 * Starts the real app (built web app, fresh SQLite) once for all browser tests of project
 * e2e, its samples measured by the sandbox's stand-in lab: most tests need a result, not
 * Lighthouse's. The files that test what Lighthouse measures (project e2e-lab) start their
 * own (support/browser.ts).
 */
export default async function setup(project: TestProject) {
  const app = await startAppProcess(E2E_APP_ENV, { lab: 'stand-in' });
  project.provide('baseUrl', app.baseUrl);
  project.provide('dataDir', app.dataDir);
  return () => app.stop();
}
