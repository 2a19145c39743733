import { useEffect, useRef, useState } from 'react';
import { PAYPAL_MESSAGES } from '@core/messages';

/** What SpeedRank uses of PayPal's JS SDK (the subscription flow of its buttons). */
interface PayPalButtonsOptions {
  style?: { layout?: 'vertical' | 'horizontal'; label?: 'subscribe' | 'paypal' };
  createSubscription(
    data: unknown,
    actions: {
      subscription: { create(body: { plan_id: string; custom_id: string }): Promise<string> };
    },
  ): Promise<string>;
  onApprove(data: { subscriptionID?: string | null }): Promise<void>;
  onError?(error: unknown): void;
}

declare global {
  interface Window {
    paypal?: {
      Buttons(options: PayPalButtonsOptions): {
        render(container: HTMLElement): Promise<void>;
        close?(): Promise<void>;
      };
    };
  }
}

const loaded = new Map<string, Promise<void>>();
/** PayPal's SDK for subscriptions, loaded once per address. */
function loadPayPalSdk(sdkUrl: string, clientId: string): Promise<void> {
  const src = `${sdkUrl}?${new URLSearchParams({ 'client-id': clientId, vault: 'true', intent: 'subscription' })}`;
  let script = loaded.get(src);
  if (!script) {
    script = new Promise((resolve, reject) => {
      const element = document.createElement('script');
      element.src = src;
      element.onload = () => resolve();
      element.onerror = () => reject(new Error(PAYPAL_MESSAGES.buttonsFailed));
      document.head.append(element);
    });
    loaded.set(src, script);
    script.catch(() => loaded.delete(src));
  }
  return script;
}

interface Props {
  clientId: string;
  sdkUrl: string;
  /** PayPal's plan id for the plan and cycle being bought. */
  paypalPlanId: string;
  /** Set as the subscription's custom_id: the server only counts a subscription of this user. */
  userId: string;
  /** Called with the approved subscription's id; a thrown error is shown by the caller. */
  onApproved(subscriptionId: string): Promise<void>;
  onError(message: string): void;
}

/** PayPal's own buttons: the buyer approves the subscription in PayPal's window. */
export function PayPalButtons({
  clientId,
  sdkUrl,
  paypalPlanId,
  userId,
  onApproved,
  onError,
}: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const handlers = useRef({ onApproved, onError });
  useEffect(() => {
    handlers.current = { onApproved, onError };
  });

  useEffect(() => {
    let cancelled = false;
    const host = container.current;
    loadPayPalSdk(sdkUrl, clientId)
      .then(() => {
        if (cancelled || !host || !window.paypal) return;
        host.replaceChildren();
        return window.paypal
          .Buttons({
            style: { layout: 'vertical', label: 'subscribe' },
            createSubscription: (_data, actions) =>
              actions.subscription.create({ plan_id: paypalPlanId, custom_id: userId }),
            onApprove: async (data) => {
              if (data.subscriptionID) await handlers.current.onApproved(data.subscriptionID);
            },
            onError: () => handlers.current.onError(PAYPAL_MESSAGES.buttonsFailed),
          })
          .render(host);
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
      host?.replaceChildren();
    };
  }, [sdkUrl, clientId, paypalPlanId, userId]);

  return (
    <div data-testid="paypal-buttons">
      <div ref={container} />
      {loadError && <div className="text-danger small">{loadError}</div>}
    </div>
  );
}
