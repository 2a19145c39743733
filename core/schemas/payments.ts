import { z } from 'zod';
import { EMAIL_PATTERN } from './auth';
import { MESSAGES } from '../messages';

/**
 * The payment request body. Cancelling (planId 1) sends the same body, but card holder
 * details are only required when a card is charged.
 */
export const paymentBodySchema = z
  .object({
    name: z.string().trim().max(200).default(''),
    email: z.string().trim().max(320).default(''),
    zipcode: z.string().trim().max(20).default(''),
    planId: z.number().int().min(1).max(4),
    paymentMethodId: z.string().trim().max(255).default(''),
    billingCycle: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .transform((c) => (c === 0 ? 1 : c)),
  })
  .superRefine((body, ctx) => {
    if (body.planId === 1) return;
    if (!body.name)
      ctx.addIssue({ code: 'custom', path: ['name'], message: MESSAGES.nameOnCardRequired });
    if (!body.email)
      ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.emailRequired });
    else if (!EMAIL_PATTERN.test(body.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.emailInvalidSignIn });
    }
    if (!body.zipcode)
      ctx.addIssue({ code: 'custom', path: ['zipcode'], message: MESSAGES.zipcodeRequired });
    if (!body.paymentMethodId) {
      ctx.addIssue({
        code: 'custom',
        path: ['paymentMethodId'],
        message: 'Enter your card details.',
      });
    }
  });
export type PaymentBody = z.infer<typeof paymentBodySchema>;
export type PaymentBodyInput = z.input<typeof paymentBodySchema>;

/** The payment response, plus the plan it now gives. */
export const paymentResponseSchema = z.object({
  renewsAt: z.string().nullable(),
  cancelsAt: z.string().nullable(),
  token: z.string(),
  planId: z.number().int(),
  billingCycle: z.number().int(),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/** The local test processor's stand-in for the card provider's browser SDK. */
export const localPaymentMethodBodySchema = z.object({
  number: z.string().trim().min(12, 'Your card number is incomplete.').max(23),
  expMonth: z
    .number()
    .int()
    .min(1, "Your card's expiration month is invalid.")
    .max(12, "Your card's expiration month is invalid."),
  expYear: z.number().int().min(0).max(2100),
  cvc: z.string().trim().min(3, "Your card's security code is incomplete.").max(4),
});

export const paymentsConfigSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  stripePublishableKey: z.string().nullable(),
  /** PayPal's buttons, where PayPal is configured: its SDK and a plan id per plan and cycle. */
  paypal: z
    .object({
      clientId: z.string(),
      sdkUrl: z.string(),
      plans: z.array(
        z.object({
          planId: z.number().int(),
          billingCycle: z.number().int(),
          paypalPlanId: z.string(),
        }),
      ),
    })
    .nullable(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** A subscription the buyer approved in PayPal's buttons (their onApprove's subscriptionID). */
export const paypalSubscribeBodySchema = z.object({
  subscriptionId: z
    .string()
    .trim()
    .min(1, 'The PayPal subscription id is missing.')
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'This is not a PayPal subscription id.'),
});

/** The user's subscription with the second payment provider (PayPal), if any. */
export const paypalLookupSchema = z.object({
  status: z.literal('SUCCESS'),
  userSubscription: z.string(),
});

/** PUT /payments/paypal: cancels when userSubscription is non-empty. */
export const paypalCancelBodySchema = z.object({
  planId: z.number().int().min(1).max(4),
  billingCycle: z.number().int().min(0).max(2),
  paymentMethodId: z.string().max(255).optional(),
});
