import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_FLAGS } from '../src/providers/lab-speed/chromium-flags';

const run = promisify(execFile);
const cli = path.resolve('node_modules/lighthouse/cli/index.js');
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** One run's wall time, performance score (0–100) and LCP, and each category's score. */
export interface Measured {
  ms: number;
  score: number;
  lcpMs: number;
  /** 0–100 by Lighthouse's category id ('best-practices'); null where it could not score. */
  categories?: Record<string, number | null>;
}

/**
 * One run of the Lighthouse CLI of the app's own version, in its own process and Chromium,
 * as `npx lighthouse URL` does (every category), or with the performance category alone.
 */
export async function cliRun(url: string, performanceOnly = false): Promise<Measured> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-cli-'));
  const out = path.join(dir, 'cli.json');
  try {
    const start = performance.now();
    await run(process.execPath, [
      cli,
      url,
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      `--chrome-path=${chromePath}`,
      `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      ...(performanceOnly ? ['--only-categories=performance'] : []),
    ]);
    const ms = performance.now() - start;
    const lhr = JSON.parse(fs.readFileSync(out, 'utf8')) as {
      categories: { performance: { score: number } } & Record<string, { score: number | null }>;
      audits: Record<string, { numericValue?: number }>;
    };
    return {
      ms,
      score: Math.round(lhr.categories.performance.score * 100),
      lcpMs: lhr.audits['largest-contentful-paint']!.numericValue!,
      categories: Object.fromEntries(
        Object.entries(lhr.categories).map(([id, { score }]) => [
          id,
          score === null ? null : Math.round(score * 100),
        ]),
      ),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
