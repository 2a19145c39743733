import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildRumScript } from './build-rum';

/** What every page of a site carries: under 6 KB gzipped. */
const MAX_GZIPPED_BYTES = 6 * 1024;

it('builds the beacon script under 6 KB gzipped', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rum-build-'));
  try {
    const outfile = path.join(dir, 'rum.js');
    const gzipped = await buildRumScript(outfile);
    expect(gzipped).toBeLessThan(MAX_GZIPPED_BYTES);
    // Each metric it reports is in the bundle, with the attribution behind LCP, INP and CLS.
    const script = fs.readFileSync(outfile, 'utf8');
    for (const used of ['largest-contentful-paint', 'layout-shift', 'event', 'first-input']) {
      expect(script).toContain(`"${used}"`);
    }
    expect(script).toContain('sendBeacon');
    expect(script).toContain('keepalive');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
