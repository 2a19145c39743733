/**
 * SpeedRank's real-user beacon (`<script src="…/rum.js" data-site="KEY" async>`): measures
 * LCP, INP, CLS, FCP and TTFB with the web-vitals library and sends them once per page
 * view, when the page is hidden, to the app it was loaded from. It sets no cookie, uses no
 * storage and sends nothing that identifies the visitor; a browser asking not to be
 * tracked (Global Privacy Control) sends nothing at all.
 */
// Each metric from its own module, so only what is used is bundled: LCP, INP and CLS with
// their attribution (the element behind them), FCP and TTFB without.
import type { Metric } from 'web-vitals';
import { onCLS } from 'web-vitals/attribution/onCLS.js';
import { onINP } from 'web-vitals/attribution/onINP.js';
import { onLCP } from 'web-vitals/attribution/onLCP.js';
import { onFCP } from 'web-vitals/onFCP.js';
import { onTTFB } from 'web-vitals/onTTFB.js';

/** What attribution a metric may come with: the element behind LCP, INP or CLS. */
type Reported = Metric & {
  attribution?: { target?: string; interactionTarget?: string; largestShiftTarget?: string };
};

/** The element behind LCP, INP or CLS, as the short selector web-vitals gives. */
function targetOf({ attribution }: Reported): string | undefined {
  const { target, interactionTarget, largestShiftTarget } = attribution ?? {};
  return (target ?? interactionTarget ?? largestShiftTarget)?.slice(0, 200);
}

function start(script: HTMLScriptElement): void {
  const site = script.dataset.site;
  const gpc = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl;
  if (!site || gpc) return;
  const endpoint = `${new URL(script.src).origin}/rum/v1/collect`;
  const metrics: Record<string, { name: string; value: number; target?: string }> = {};
  let navigationType: string | undefined;
  let sent = false;
  const record = (metric: Reported) => {
    navigationType ??= metric.navigationType;
    metrics[metric.name] = { name: metric.name, value: metric.value, target: targetOf(metric) };
  };
  for (const on of [onLCP, onCLS, onFCP, onTTFB]) on(record);
  // Every change of INP is taken, the last one sent: an interaction less than a second
  // before the page is hidden is only reported as a change, not as the final value.
  onINP(record, { reportAllChanges: true });
  const send = () => {
    const values = Object.values(metrics);
    if (sent || values.length === 0) return;
    sent = true;
    const connection = (navigator as Navigator & { connection?: { effectiveType?: string } })
      .connection?.effectiveType;
    const body = JSON.stringify({
      site,
      path: location.pathname,
      device: matchMedia('(max-width: 767px), (pointer: coarse)').matches ? 'mobile' : 'desktop',
      connection: connection ?? 'unknown',
      navigationType,
      metrics: values,
    });
    // A string goes as text/plain: no preflight, and the browser sends it as the page goes.
    if (!navigator.sendBeacon?.(endpoint, body))
      void fetch(endpoint, { method: 'POST', body, keepalive: true, mode: 'no-cors' });
  };
  // Sent at once, as web-vitals advises: a page being left runs no later task. Every browser
  // hides a page it leaves, and web-vitals reports its last values from capturing listeners
  // of that change, which run before this bubbling one. Not on pagehide: Chromium fires it
  // first, before INP and CLS are final.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
}

const script = document.currentScript;
if (script instanceof HTMLScriptElement) start(script);
