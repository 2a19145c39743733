import { z } from 'zod';

const KEY = 'speedrank.checkout';

const checkoutSchema = z.object({
  planId: z.number().int().min(2).max(4),
  billingCycle: z.union([z.literal(1), z.literal(2)]),
});
export type CheckoutIntent = z.infer<typeof checkoutSchema>;

/** The plan chosen on /pricing, kept across the sign-in detour (spec 000 §4 'Pricing'). */
export function saveCheckout(intent: CheckoutIntent): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(intent));
}

export function readCheckout(): CheckoutIntent | null {
  try {
    const parsed = checkoutSchema.safeParse(
      JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null'),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
