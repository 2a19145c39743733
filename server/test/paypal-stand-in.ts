import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A subscription as the stand-in keeps it, in PayPal's own field names. */
export interface StandInSubscription {
  id: string;
  plan_id: string;
  custom_id?: string;
  status: string;
  start_time: string;
  billing_info: { next_billing_time?: string; last_payment?: { time: string } };
}

/**
 * The browser half of PayPal's JS SDK as SpeedRank uses it: `paypal.Buttons(options)`
 * renders a button; its click runs `createSubscription` (whose `actions.subscription.create`
 * makes the subscription) and then `onApprove` with its `subscriptionID`, as PayPal does
 * once the buyer approves in PayPal's window. A payer who closes that window is `onCancel`.
 */
const SDK = (apiBase: string) => `(() => {
  const create = (body) =>
    fetch(${JSON.stringify(apiBase)} + '/v1/billing/subscriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json()).then((s) => s.id);
  window.paypal = {
    Buttons(options) {
      return {
        isEligible: () => true,
        render(container) {
          const host = typeof container === 'string' ? document.querySelector(container) : container;
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'PayPal';
          button.className = 'btn btn-warning w-100';
          button.onclick = () =>
            Promise.resolve(options.createSubscription({}, { subscription: { create } }))
              .then((id) => options.onApprove({ subscriptionID: id, orderID: 'O-' + id }, {}))
              .catch((error) => options.onError && options.onError(error));
          host.append(button);
          return Promise.resolve();
        },
      };
    },
  };
})();`;

/**
 * PayPal on loopback, for tests: the JS SDK's buttons (GET /sdk/js) and the REST calls
 * SpeedRank makes (token, subscription read and cancel), keeping the subscriptions its
 * buttons create. `plans` gives each PayPal plan id its billing interval.
 */
export async function startPayPalStandIn(plans: Record<string, 'month' | 'year'>) {
  const subscriptions = new Map<string, StandInSubscription>();
  const requests: { method: string; path: string; query: URLSearchParams }[] = [];
  let baseUrl = '';
  /** The status cancels answer with while PayPal refuses them; null while it accepts them. */
  let cancelRefusal: number | null = null;
  /** An active subscription, paid now, renewing after its plan's interval. */
  const make = (planId: string, customId?: string): StandInSubscription => {
    const now = new Date();
    const next = new Date(now);
    if (plans[planId] === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
    else next.setUTCMonth(next.getUTCMonth() + 1);
    const sub: StandInSubscription = {
      id: `I-${crypto.randomBytes(6).toString('hex').toUpperCase()}`,
      plan_id: planId,
      ...(customId ? { custom_id: customId } : {}),
      status: 'ACTIVE',
      start_time: now.toISOString(),
      billing_info: {
        next_billing_time: next.toISOString(),
        last_payment: { time: now.toISOString() },
      },
    };
    subscriptions.set(sub.id, sub);
    return sub;
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams });
      const send = (status: number, payload?: unknown, type = 'application/json') => {
        res.writeHead(status, {
          'content-type': type,
          // The buttons call from the app's origin.
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'content-type',
        });
        res.end(
          payload === undefined
            ? ''
            : type === 'application/json'
              ? JSON.stringify(payload)
              : String(payload),
        );
      };
      if (req.method === 'OPTIONS') return send(204);
      if (url.pathname === '/sdk/js') return send(200, SDK(baseUrl), 'text/javascript');
      if (url.pathname === '/v1/oauth2/token')
        return send(200, { access_token: 'A21AAStandIn', token_type: 'Bearer', expires_in: 32400 });
      if (req.method === 'POST' && url.pathname === '/v1/billing/subscriptions') {
        const asked = JSON.parse(body || '{}') as { plan_id?: string; custom_id?: string };
        const interval = asked.plan_id ? plans[asked.plan_id] : undefined;
        if (!interval) return send(422, { name: 'UNPROCESSABLE_ENTITY', message: 'Invalid plan' });
        const sub = make(asked.plan_id!, asked.custom_id);
        return send(201, sub);
      }
      const match = url.pathname.match(/^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel)?$/);
      const sub = match ? subscriptions.get(decodeURIComponent(match[1]!)) : undefined;
      if (!sub)
        return send(404, {
          name: 'RESOURCE_NOT_FOUND',
          message: 'The specified resource does not exist.',
        });
      if (match![2] && req.method === 'POST') {
        if (cancelRefusal !== null)
          return send(cancelRefusal, { name: 'UNPROCESSABLE_ENTITY', message: 'Refused' });
        sub.status = 'CANCELLED';
        return send(204);
      }
      return send(200, sub);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    sdkUrl: `${baseUrl}/sdk/js`,
    subscriptions,
    requests,
    /** The app's configuration of PayPal on this stand-in, but the plans (each test's own). */
    env: {
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_BASE_URL: baseUrl,
      PAYPAL_SDK_URL: `${baseUrl}/sdk/js`,
    },
    /** A subscription as the buttons would make it, for API tests without a browser. */
    create: make,
    /** Makes cancels answer `status` (null: accept them again). */
    refuseCancels(status: number | null) {
      cancelRefusal = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // The app keeps its connections alive; they would hold the close open.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
