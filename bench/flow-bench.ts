/**
 * A 5-step user flow on the sandbox shop (the sign-in page, signing in with the password
 * typed as a secret, a product page, adding to cart in a timespan, a snapshot of the cart)
 * run by the app's lab, against a Lighthouse CLI navigation of the flow's first page (same
 * Lighthouse, its own Chromium), interleaved round by round. Prints the medians and their
 * ratio, and the machine's bound: a flow's three page loads are three Lighthouse navigations
 * one after another in one browser (nothing of a flow runs in parallel), so the bound is
 * three in-app navigations of the first page, and the flow's ratio to it says what the
 * timespan, the snapshot and the actions cost on top.
 *   npx tsx bench/flow-bench.ts [--rounds 3]
 */
import os from 'node:os';
import type { FlowStep } from '@core/flows/flow-schema';
import { sharedManifest } from '@sandbox';
import { LocalLighthouseProvider } from '../server/src/providers/lab-speed/local-lighthouse';
import { startBenchApp } from './support/bench-app';
import { chromePath, cliRun } from '../server/test/lighthouse-cli';

const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg >= 0 ? Number(process.argv[roundsArg + 1]) : 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const bench = await startBenchApp();
const shop = sharedManifest(bench.port).shopAccount;
const steps: FlowStep[] = [
  { kind: 'navigate', url: shop.signInUrl, name: 'Sign-in page' },
  { kind: 'type', selector: '#email', text: shop.email },
  { kind: 'type', selector: '#password', secret: 'SHOP_PASSWORD' },
  { kind: 'click', selector: 'aria/Sign in[role="button"]', navigates: true, name: 'Account' },
  { kind: 'navigate', url: shop.productUrl, name: 'Product' },
  { kind: 'startTimespan', name: 'Add to cart' },
  { kind: 'click', selector: shop.addToCartSelector },
  { kind: 'waitFor', text: 'Added to cart' },
  { kind: 'endTimespan' },
  { kind: 'snapshot', name: 'Added' },
];
// One slot, as the app's pool gives a run: its browser and Lighthouse process stay warm.
const lab = new LocalLighthouseProvider(chromePath, 1, 300_000, bench.app.services.pageFetch);
const signal = new AbortController().signal;

async function flowRun(): Promise<{ ms: number; steps: string }> {
  const start = performance.now();
  const result = await lab.runFlow({
    flow: { name: 'Sign in and buy', device: 'mobile', steps },
    secrets: { SHOP_PASSWORD: shop.password },
    signal,
  });
  if (result.failure) throw new Error(`the flow failed: ${result.failure.message}`);
  const inp = result.steps[3]?.metrics.inp?.numericValue;
  return {
    ms: performance.now() - start,
    steps: `${result.steps.length} steps, add-to-cart INP ${inp === undefined ? '-' : `${Math.round(inp)} ms`}`,
  };
}
async function appNavigation(): Promise<number> {
  const start = performance.now();
  await lab.run({ url: shop.signInUrl, strategy: 'mobile', signal, onStage: () => undefined });
  return performance.now() - start;
}

console.log(
  `machine: ${os.availableParallelism()} cores, Node ${process.version}, ${chromePath}; ${rounds} rounds, mobile`,
);
// The first of each starts its processes: not counted.
await flowRun();
await cliRun(shop.signInUrl, true);

const flows: number[] = [];
const clis: number[] = [];
const navigations: number[] = [];
let last = '';
for (let round = 0; round < rounds; round++) {
  const flow = await flowRun();
  flows.push(flow.ms);
  last = flow.steps;
  clis.push((await cliRun(shop.signInUrl, true)).ms);
  navigations.push(await appNavigation());
}
const [flowMs, cliMs, navMs] = [flows, clis, navigations].map(median) as [number, number, number];
const boundMs = 3 * navMs;
console.log(
  `5-step flow ${seconds(flowMs)} (${last}); Lighthouse CLI navigation of its first page ` +
    `${seconds(cliMs)}: the flow takes ${(flowMs / cliMs).toFixed(1)}× one CLI navigation`,
);
console.log(
  `bound: the flow's 3 page loads as 3 in-app navigations (${seconds(navMs)} each) = ` +
    `${seconds(boundMs)}; the flow at ${(flowMs / boundMs).toFixed(2)}× the bound`,
);

await lab.close();
await bench.close();
