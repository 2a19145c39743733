import { afterAll, vi } from 'vitest';

// The unit project runs its files one after another in each worker (isolate: false), so
// that node_modules load once per worker. Our own modules load afresh for each file, with
// its own mocks (a mock registered by one file would otherwise reach the next), and the
// clock and globals a file stubbed are given back.
vi.resetModules();
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
