import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Check } from '@core/schemas/checks';
import { checkCommand, EXIT } from './check-command';

/** A preview a pipeline would start: a page, its stylesheet and a 40 KiB script, on loopback. */
const SCRIPT = `/* ${'x'.repeat(40 * 1024)} */ document.title = 'Preview';`;
const PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview</title>' +
  '<meta name="viewport" content="width=device-width"><link rel="stylesheet" href="/site.css">' +
  '</head><body><h1>A preview</h1><p>Its text paints at once.</p>' +
  '<script src="/app.js"></script></body></html>';
const FILES: Record<string, [string, string]> = {
  '/': ['text/html', PAGE],
  '/site.css': ['text/css', 'body { font-family: sans-serif; }'],
  '/app.js': ['text/javascript', SCRIPT],
};

let preview: http.Server;
let url: string;
let dir: string;

beforeAll(async () => {
  preview = http.createServer((request, response) => {
    const file = FILES[request.url ?? ''];
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => preview.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(preview.address() as AddressInfo).port}/`;
  dir = await mkdtemp(join(tmpdir(), 'speedrank-local-'));
});
afterAll(async () => {
  await new Promise((resolve) => preview.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

it('checks a preview on this machine with Lighthouse in Chromium, no server', async () => {
  const budget = join(dir, 'budget.json');
  await writeFile(
    budget,
    JSON.stringify({
      performance: 50,
      resourceSizes: { script: 30 },
      resourceCounts: { total: 5 },
    }),
  );
  const out: string[] = [];
  const err: string[] = [];
  const code = await checkCommand(
    [url, '--local', '--samples', '1', '--budget', budget, '--format', 'json'],
    { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env: {} },
  );
  expect(err.join('')).toContain(`${url}: sample 1 of 1…`);
  const check = JSON.parse(out.join('')) as Check;
  const [page] = check.pages;
  expect(page!.status).toBe('done');
  expect(page!.source).toBe('local-lighthouse');
  // The page, its stylesheet and its script: the script's 40 KiB break the 30 KiB budget.
  expect(page!.resources!.script.requests).toBe(1);
  expect(page!.budget.map((row) => [row.limit, row.pass])).toEqual([
    ['performance', true],
    ['resourceSizes.script', false],
    ['resourceCounts.total', true],
  ]);
  expect(page!.budget[1]!.value).toBeGreaterThan(40);
  expect(check).toMatchObject({ verdict: 'fail', budgetKept: false, compareWith: 'none' });
  expect(code).toBe(EXIT.fail);
}, 120_000);
