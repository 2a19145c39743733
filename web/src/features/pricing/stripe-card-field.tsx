import { useEffect, useRef, useState } from 'react';

interface StripeCardElement {
  mount(el: HTMLElement): void;
  destroy(): void;
}
interface StripeInstance {
  elements(): { create(type: 'card', options?: object): StripeCardElement };
  createPaymentMethod(options: {
    type: 'card';
    card: StripeCardElement;
    billing_details: { name: string; email: string; address: { postal_code: string } };
  }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeInstance;
  }
}

let stripeScript: Promise<void> | null = null;
function loadStripeJs(): Promise<void> {
  stripeScript ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Stripe.js failed to load'));
    document.head.append(script);
  });
  return stripeScript;
}

export type CreatePaymentMethod = (billing: {
  name: string;
  email: string;
  zipcode: string;
}) => Promise<string>;

interface Props {
  publishableKey: string;
  /** Receives the function that turns the entered card into a payment method id. */
  onReady(create: CreatePaymentMethod): void;
  error?: string | undefined;
}

/** Stripe Elements' card field: card number, expiry and CVC never touch our servers. */
export function StripeCardField({ publishableKey, onReady, error }: Props) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  });

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    loadStripeJs()
      .then(() => {
        if (cancelled || !mountRef.current || !window.Stripe) return;
        const stripe = window.Stripe(publishableKey);
        card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(mountRef.current);
        const mounted = card;
        ready.current(async ({ name, email, zipcode }) => {
          const result = await stripe.createPaymentMethod({
            type: 'card',
            card: mounted,
            billing_details: { name, email, address: { postal_code: zipcode } },
          });
          if (!result.paymentMethod)
            throw new Error(result.error?.message ?? 'Your card could not be used.');
          return result.paymentMethod.id;
        });
      })
      .catch((e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)));
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey]);

  return (
    <div className="mb-3">
      <label className="form-label">Card</label>
      <div ref={mountRef} className="form-control py-2" data-testid="stripe-card" />
      {(error ?? loadError) && <div className="text-danger small mt-1">{error ?? loadError}</div>}
    </div>
  );
}
