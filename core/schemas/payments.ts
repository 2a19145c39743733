import { z } from 'zod';
import { EMAIL_PATTERN } from './auth';
import { MESSAGES } from '../messages';

/** Spec 000 §3 'Payment request'. */
export const paymentBodySchema = z.object({
  name: z.string().trim().min(1, MESSAGES.nameOnCardRequired).max(200),
  email: z
    .string()
    .trim()
    .min(1, MESSAGES.emailRequired)
    .regex(EMAIL_PATTERN, MESSAGES.emailInvalidSignIn),
  zipcode: z.string().trim().min(1, MESSAGES.zipcodeRequired).max(20),
  planId: z.number().int().min(1).max(4),
  paymentMethodId: z.string().trim().max(255).default(''),
  billingCycle: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .transform((c) => (c === 0 ? 1 : c)),
});

/** Spec 000 §3 'Payment response', plus the plan it now gives. */
export const paymentResponseSchema = z.object({
  renewsAt: z.string().nullable(),
  cancelsAt: z.string().nullable(),
  token: z.string(),
  planId: z.number().int(),
  billingCycle: z.number().int(),
});

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
});

/** Spec 000 §7 second-provider lookup. */
export const paypalLookupSchema = z.object({
  status: z.literal('SUCCESS'),
  userSubscription: z.string(),
});
