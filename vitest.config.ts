import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const alias = {
  '@core': fileURLToPath(new URL('./core', import.meta.url)),
  '@sandbox': fileURLToPath(new URL('./sandbox/index.ts', import.meta.url)),
};

/** Tests that measure real pages with Lighthouse in Chromium: run alone, after the others. */
const LAB_TESTS = [
  'server/src/providers/lab-speed/local-lighthouse.test.ts',
  'cli/check/local-check.test.ts',
  'server/src/providers/lab-speed/lighthouse-flow.test.ts',
  'server/src/providers/lab-speed/lighthouse-categories.test.ts',
];
/** Browser tests of what Lighthouse measures (their own app, `useBrowser({ lab })`): one at a time. */
const LAB_BROWSER_TESTS = [
  'e2e/speed-insights.e2e.ts',
  'e2e/speed-test.e2e.ts',
  'e2e/flows.e2e.ts',
];

/**
 * Unit files that take a minute or more, longest first. Knowing no durations (a fresh
 * clone), vitest starts the largest files first, and these are small: the fuzzing file
 * (3.5 minutes) ran last, alone, one core idle.
 */
const LONG_FILES = [
  'server/src/api-fuzz.test.ts',
  'server/src/shutdown-under-load.test.ts',
  'server/src/main.test.ts',
  'server/src/npm-start.test.ts',
  'server/src/scale-out.test.ts',
];

/** Vitest's order (projects, then failed and longest first), with LONG_FILES first in theirs. */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const rank = (file: TestSpecification) => {
      const long = LONG_FILES.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return long < 0 ? LONG_FILES.length : long;
    };
    return sorted
      .map((file, i) => ({ file, i }))
      .sort(
        (a, b) =>
          projects.indexOf(a.file.project.name) - projects.indexOf(b.file.project.name) ||
          rank(a.file) - rank(b.file) ||
          a.i - b.i,
      )
      .map(({ file }) => file);
  }
}

export default defineConfig({
  resolve: { alias },
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'core/**/*.test.ts',
            'sandbox/**/*.test.ts',
            'server/**/*.test.ts',
            'web/**/*.test.ts',
            'build/**/*.test.ts',
            'scripts/*.test.ts',
            'bench/**/*.test.ts',
            'cli/**/*.test.ts',
          ],
          exclude: [...LAB_TESTS, '**/node_modules/**'],
          environment: 'node',
          // Node 25+ has a global localStorage of its own, which shadows happy-dom's in the
          // web tests (and warns without a file to keep it in): off, as on Node 22 and 24.
          execArgv: ['--no-experimental-webstorage'],
          testTimeout: 30_000,
          // Most of these wait on a database, a child process or a socket: two files at once
          // keep both cores busy (vitest's default on 2 cores is one).
          maxWorkers: 2,
          // One worker process for many files, not one per file: loading node_modules for each
          // of 200 files took 290 s of the stage's 1,150 worker-seconds. Each file still gets
          // our modules afresh, with its own mocks (vitest.unit-setup.ts).
          isolate: false,
          setupFiles: ['vitest.unit-setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          // Lighthouse measuring pages in Chromium: its scores need the machine to itself.
          name: 'lab',
          include: LAB_TESTS,
          environment: 'node',
          testTimeout: 30_000,
          maxWorkers: 1,
          // Asked together with project unit, it waits for that project to end.
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          exclude: [...LAB_BROWSER_TESTS, '**/node_modules/**'],
          globalSetup: ['e2e/support/global-setup.ts'],
          provide: { lab: 'stand-in' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One file at a time: two at once took as long, each twice as slow (measured), as
          // Chromium, the page-facts browser and the app keep both cores busy.
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Lighthouse measuring the pages a person asked for: its scores need the machine.
          name: 'e2e-lab',
          include: LAB_BROWSER_TESTS,
          // Each file starts its own app measuring with Lighthouse (e2e/support/browser.ts).
          provide: { lab: 'lighthouse' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // Asked together with project e2e, it waits for that project to end.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
