import fs from 'node:fs';
import {
  buildManifest,
  RESPONSE_HEADER_BYTES,
  SANDBOX_DOMAIN,
  sandboxDay,
  statusOnDay,
  type SandboxPage,
  type SandboxSite,
} from '@sandbox';
import { standInCategories } from './sandbox-lab-categories';
import { RESOURCE_TYPES, type Resources } from '@core/budgets/resources';
import { LAB_LABELS, type Insight, type LabMetric, type MetricThresholds } from '@core/speed';
import { pageAnswered } from '../src/providers/lab-speed/lighthouse-errors';
import {
  LabRunError,
  type LabResult,
  type LabRunRequest,
  type LabSpeedProvider,
  type Strategy,
} from '../src/providers/lab-speed/port';

type Timing = 'fcp' | 'si' | 'lcp' | 'tti' | 'tbt' | 'cls';
type Figures = Record<Timing, number>;

/** Lighthouse 13's scoring curves (p10, median) by device: its metrics' own thresholds. */
const CURVES: Record<Strategy, Record<Timing, { p10: number; median: number }>> = {
  mobile: {
    fcp: { p10: 1800, median: 3000 },
    si: { p10: 3387, median: 5800 },
    lcp: { p10: 2500, median: 4000 },
    tti: { p10: 3785, median: 7300 },
    tbt: { p10: 200, median: 600 },
    cls: { p10: 0.1, median: 0.25 },
  },
  desktop: {
    fcp: { p10: 934, median: 1600 },
    si: { p10: 1311, median: 2300 },
    lcp: { p10: 1200, median: 2400 },
    tti: { p10: 2468, median: 4500 },
    tbt: { p10: 150, median: 350 },
    cls: { p10: 0.1, median: 0.25 },
  },
};

/** The performance score's weights in Lighthouse 10 and later (TTI weighs nothing). */
const WEIGHTS: Partial<Record<Timing, number>> = {
  fcp: 0.1,
  si: 0.1,
  lcp: 0.25,
  tbt: 0.3,
  cls: 0.25,
};

/** What the lab learnt of a page's answer. */
interface Answer {
  profile: SandboxPage['speedProfile'];
  finalUrl: string;
  /** How long its server took to answer in full, ms. */
  answerMs: number;
  /** What loading it fetched, as Lighthouse's resource summary counts it. */
  resources: Resources;
  /** The sandbox page and its site, for the categories beside performance; null off it. */
  page: SandboxPage | null;
  site: SandboxSite | null;
}

/** The timings a slow server answer delays. */
const WAITS_ON_SERVER = new Set<Timing>(['fcp', 'si', 'lcp', 'tti']);

/** A light page on mobile; a desktop run takes a third of each timing. */
const LIGHT: Figures = { fcp: 1200, si: 1900, lcp: 1800, tti: 2600, tbt: 60, cls: 0.01 };

/** What each sandbox speed profile adds to a light page, as its pages are built to. */
const PROFILE_COST: Record<SandboxPage['speedProfile'], Partial<Figures>> = {
  light: {},
  'heavy-images': { lcp: 3000, si: 1500 },
  'render-blocking': { fcp: 2000, si: 2000, lcp: 2000, tti: 2000 },
  'long-tasks': { tbt: 900, tti: 3000 },
  'layout-shift': { cls: 0.3 },
};

/** erf by Abramowitz and Stegun 7.1.26 (error below 1.5e-7), as Lighthouse's statistics do. */
function erf(x: number): number {
  const sign = Math.sign(x);
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return sign * y;
}

/** Lighthouse's log-normal score of `value` on a curve, 0–1. */
function logNormalScore({ p10, median }: { p10: number; median: number }, value: number) {
  if (value <= 0) return 1;
  const standardized = (Math.log(value / median) * 0.9061938024368232) / -Math.log(p10 / median);
  return Math.min(1, Math.max(0, (1 - erf(standardized)) / 2));
}

const display = (key: Timing, value: number) =>
  key === 'cls'
    ? value.toFixed(3)
    : key === 'tbt'
      ? `${Math.round(value / 10) * 10} ms`
      : `${(value / 1000).toFixed(1)} s`;

/** A real 128-pixel JPEG frame (a PageSpeed Insights thumbnail from the adapter's fixture). */
const FRAME = (() => {
  const fixture = JSON.parse(
    fs.readFileSync(
      new URL('../src/providers/lab-speed/fixtures/psi-mobile.json', import.meta.url),
      'utf8',
    ),
  ) as {
    lighthouseResult: {
      audits: Record<string, { details?: { items?: { data: string }[] } }>;
    };
  };
  return fixture.lighthouseResult.audits['screenshot-thumbnails']!.details!.items![0]!.data;
})();

/** The page a URL names: the manifest's URLs carry the port, as the page's links do. */
const pageKey = (url: URL) => `${url.origin}${url.pathname}${url.search}`;

/**
 * A sandbox page's load as Lighthouse reports it, by the page's manifest weight: every lazy
 * image fetched (Lighthouse's mobile load fetched those within about 2,500 px of the
 * viewport, which on the sandbox's mostly short pages is all of them; the manifest cannot
 * say which a long page's layout leaves out), each response's headers on top of its body,
 * and each redirect followed on the way a request of type other, of headers alone.
 */
function transferred(page: SandboxPage): Resources {
  const { eager, lazyImages } = page.weight;
  const none = { requests: 0, bytes: 0 };
  const hops = {
    requests: page.redirects.length,
    bytes: page.redirects.reduce(
      (sum, hop) => sum + RESPONSE_HEADER_BYTES + `location: ${hop.redirectUrl}\r\n`.length,
      0,
    ),
  };
  return Object.fromEntries(
    RESOURCE_TYPES.map((type) => {
      const lazy = type === 'image' || type === 'total' ? lazyImages : none;
      const redirects = type === 'other' || type === 'total' ? hops : none;
      const fetched = eager[type].requests + lazy.requests;
      return [
        type,
        {
          requests: fetched + redirects.requests,
          bytes: eager[type].bytes + lazy.bytes + fetched * RESPONSE_HEADER_BYTES + redirects.bytes,
        },
      ];
    }),
  ) as Resources;
}

/** A fetched document alone, with the sandbox's header allowance: its markup is not read. */
function documentAlone(bytes: number): Resources {
  return Object.fromEntries(
    RESOURCE_TYPES.map((type) => [
      type,
      type === 'document' || type === 'total'
        ? { requests: 1, bytes: bytes + RESPONSE_HEADER_BYTES }
        : { requests: 0, bytes: 0 },
    ]),
  ) as Resources;
}

/**
 * A page off the sandbox (a test's staging server), fetched for real: an error status fails
 * as Lighthouse's run would, no answer is unreachable, and how long the answer took is its
 * server's share of the timings; its markup counts as a light page's.
 */
async function offSandboxAnswer(url: URL, signal: AbortSignal): Promise<Answer> {
  const started = performance.now();
  let response: Response;
  let bytes: number;
  try {
    response = await fetch(url, { signal });
    bytes = (await response.arrayBuffer()).byteLength;
  } catch {
    throw new LabRunError('unreachable', `${url.hostname} could not be reached.`);
  }
  if (response.status >= 400) throw new LabRunError('http_status', pageAnswered(response.status));
  return {
    profile: 'light',
    finalUrl: response.url,
    answerMs: Math.round(performance.now() - started),
    resources: documentAlone(bytes),
    page: null,
    site: null,
  };
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * A stand-in for the local Lighthouse lab, for browser tests that need a result to exist but
 * do not test what Lighthouse measures: each sandbox page answers after `delayMs` with the
 * figures its speed profile is built to cause (scored on Lighthouse 13's curves, varied by a
 * percent or two from run to run), its status's failure when it answers an error, and a
 * real JPEG frame per paint, what its load fetched by the manifest's weight, and the
 * categories asked for from the manifest's planted faults (sandbox-lab-categories.ts). It says
 * nothing of a Lighthouse or a Chromium version: it has none. A page outside the sandbox is
 * fetched, and its server's answer time delays its paints.
 */
export class SandboxLab implements LabSpeedProvider {
  readonly source = 'local-lighthouse' as const;
  /** The manifest's pages by URL and sites by id, per port asked: a page's bytes hold its links' port. */
  private readonly byPort = new Map<
    number,
    { pages: Map<string, SandboxPage>; sites: Map<string, SandboxSite> }
  >();
  private runs = 0;
  private underWay = 0;

  constructor(
    private readonly delayMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  readiness() {
    return { ready: true, message: null };
  }

  async run(request: LabRunRequest): Promise<LabResult> {
    this.underWay++;
    try {
      const concurrency = this.underWay;
      request.onStage('loading');
      const url = new URL(request.url);
      // A failed page load takes the run's time too, as Lighthouse's does.
      const [answer] = await Promise.allSettled([
        url.hostname.endsWith(`.${SANDBOX_DOMAIN}`)
          ? this.sandboxAnswer(url)
          : offSandboxAnswer(url, request.signal),
        wait(this.delayMs / 2, request.signal),
      ]);
      request.onStage('auditing');
      await wait(this.delayMs / 2, request.signal);
      if (request.signal.aborted) throw new LabRunError('cancelled', 'The run was cancelled.');
      if (answer.status === 'rejected') throw answer.reason;
      return this.measure(request, answer.value, concurrency);
    } finally {
      this.underWay--;
    }
  }

  /** A sandbox page's answer today, from the manifest: its status, profile, final URL and weight. */
  private async sandboxAnswer(url: URL): Promise<Answer> {
    const { pages, sites } = this.manifestOn(url.port === '' ? 80 : Number(url.port));
    const page = pages.get(pageKey(url));
    const status = page ? statusOnDay(page, sandboxDay(this.now())) : 404;
    if (!page || status >= 400) throw new LabRunError('http_status', pageAnswered(status));
    return {
      profile: page.speedProfile,
      finalUrl: page.finalUrl,
      answerMs: 0,
      resources: transferred(page),
      page,
      site: sites.get(page.site) ?? null,
    };
  }

  private manifestOn(port: number) {
    let known = this.byPort.get(port);
    if (!known) {
      const manifest = buildManifest({ port });
      known = {
        pages: new Map(manifest.pages.map((p) => [pageKey(new URL(p.url)), p])),
        sites: new Map(manifest.sites.map((s) => [s.id, s])),
      };
      this.byPort.set(port, known);
    }
    return known;
  }

  private measure(request: LabRunRequest, answer: Answer, concurrency: number): LabResult {
    const run = ++this.runs;
    // -1, 0 or +1 percent from run to run, as repeated samples of one page differ.
    const wobble = 1 + ((run % 3) - 1) / 100;
    const scale = request.strategy === 'desktop' ? 1 / 3 : 1;
    const cost = PROFILE_COST[answer.profile];
    const lab: Record<string, LabMetric> = {};
    let performance = 0;
    for (const key of Object.keys(LIGHT) as Timing[]) {
      const base = LIGHT[key] + (cost[key] ?? 0);
      // A server's wait delays every paint alike, on any device.
      const value =
        key === 'cls'
          ? base
          : Math.round(base * scale * wobble) + (WAITS_ON_SERVER.has(key) ? answer.answerMs : 0);
      const curve = CURVES[request.strategy][key];
      const score = logNormalScore(curve, value);
      performance += score * (WEIGHTS[key] ?? 0);
      const thresholds: MetricThresholds = { good: curve.p10, poor: curve.median };
      lab[key] = {
        label: LAB_LABELS[key],
        displayValue: display(key, value),
        score: Math.round(score * 100),
        numericValue: value,
        thresholds,
      };
    }
    const psi = Math.round(performance * 100);
    lab.psi = {
      label: LAB_LABELS.psi,
      displayValue: String(psi),
      score: psi,
      numericValue: psi / 100,
    };
    const fcp = lab.fcp!.numericValue;
    const lcp = lab.lcp!.numericValue;
    const insights = [renderBlocking(answer.profile === 'render-blocking', fcp)];
    return {
      lab,
      // A frame at first paint and one at the largest paint, as a filmstrip shows them.
      filmstrip: [FRAME, FRAME],
      filmstripMs: [fcp, Math.max(fcp, lcp)],
      finalUrl: answer.finalUrl,
      insights,
      categories: standInCategories(
        request.categories ?? [],
        { score: psi, insights },
        answer.page,
        answer.site,
      ),
      resources: answer.resources,
      source: this.source,
      environment: {
        lighthouseVersion: null,
        chromiumVersion: null,
        benchmarkIndex: null,
        throttlingMethod: 'simulate',
        throttling: {},
        concurrency,
      },
    };
  }

  async close() {}
}

/** The render-blocking insight: failed with savings on a page built to block, passed otherwise. */
function renderBlocking(blocked: boolean, fcp: number): Insight {
  const savings = Math.round(fcp / 2);
  return {
    id: 'render-blocking-insight',
    group: 'insight',
    title: 'Render-blocking requests',
    description: "Requests are blocking the page's initial render.",
    score: blocked ? 0 : 1,
    ...(blocked && { savingsMs: savings, metricSavings: { FCP: savings, LCP: savings } }),
    items: [],
  };
}
