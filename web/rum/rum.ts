/**
 * SpeedRank's real-user beacon (`<script src="…/rum.js" data-site="KEY" async>`): measures
 * LCP, INP, CLS, FCP and TTFB with the web-vitals library and sends them once per page
 * view, when the page is hidden, to the app it was loaded from. It sets no cookie, uses no
 * storage and sends nothing that identifies the visitor; a browser asking not to be
 * tracked (Global Privacy Control) sends nothing at all.
 */
import {
  onCLS,
  onFCP,
  onINP,
  onLCP,
  onTTFB,
  type MetricWithAttribution,
} from 'web-vitals/attribution';

/** The element behind LCP, INP or CLS, as the short selector web-vitals gives. */
function targetOf({ attribution }: MetricWithAttribution): string | undefined {
  const { target, interactionTarget, largestShiftTarget } = attribution as {
    target?: string;
    interactionTarget?: string;
    largestShiftTarget?: string;
  };
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
  const record = (metric: MetricWithAttribution) => {
    navigationType ??= metric.navigationType;
    metrics[metric.name] = { name: metric.name, value: metric.value, target: targetOf(metric) };
  };
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(record);
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
  // A page being left is hidden after its pagehide, and web-vitals reports LCP, CLS and INP
  // from capturing listeners of that change, which run before this one: the beacon goes
  // then, at once, as a page being left runs no timer.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
}

const script = document.currentScript;
if (script instanceof HTMLScriptElement) start(script);
