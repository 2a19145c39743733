import { z } from 'zod';

const KEY = 'speedrank.checkout';

/**
 * The payment flow in progress: the chosen plan and cycle, whether a visitor still has to
 * sign in first, and the change-plan / change-payment flags that make the payment page
 * update instead of create.
 */
const checkoutSchema = z.object({
  planId: z.number().int().min(1).max(4),
  billingCycle: z.union([z.literal(1), z.literal(2)]),
  afterSignIn: z.boolean().default(false),
  changePlan: z.boolean().default(false),
  changePayment: z.boolean().default(false),
});
export type CheckoutIntent = z.infer<typeof checkoutSchema>;

export function saveCheckout(intent: z.input<typeof checkoutSchema>): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(checkoutSchema.parse(intent)));
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

/** The flags are cleared on success and when leaving the payment page. */
export function clearCheckout(): void {
  window.sessionStorage.removeItem(KEY);
}
