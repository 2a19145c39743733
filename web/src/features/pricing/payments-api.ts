import { z } from 'zod';
import {
  paymentResponseSchema,
  paymentsConfigSchema,
  paypalLookupSchema,
  type PaymentBodyInput,
} from '@core/schemas/payments';
import { apiRequest } from '../../api/api-client';

/** Keys of the payment calls: the config is read once, the rest are mutations. */
export const paymentKeys = {
  config: ['payments', 'config'] as const,
  pay: ['payments', 'pay'] as const,
  cancel: ['payments', 'cancel'] as const,
};

export const paymentsApi = {
  config: () => apiRequest('/payments/config', paymentsConfigSchema),
  createLocalPaymentMethod: (
    token: string,
    card: { number: string; expMonth: number; expYear: number; cvc: string },
  ) =>
    apiRequest('/payments/local/payment-methods', z.object({ paymentMethodId: z.string() }), {
      method: 'POST',
      token,
      body: card,
    }),
  create: (token: string, body: PaymentBodyInput) =>
    apiRequest('/payments', paymentResponseSchema, { method: 'POST', token, body }),
  update: (token: string, body: PaymentBodyInput) =>
    apiRequest('/payments', paymentResponseSchema, { method: 'PUT', token, body }),
  paypalLookup: (token: string) => apiRequest('/payments/paypal', paypalLookupSchema, { token }),
  paypalSubscribe: (token: string, subscriptionId: string) =>
    apiRequest('/payments/paypal', paymentResponseSchema, {
      method: 'POST',
      token,
      body: { subscriptionId },
    }),
  paypalCancel: (token: string, body: { planId: number; billingCycle: number }) =>
    apiRequest('/payments/paypal', paymentResponseSchema, { method: 'PUT', token, body }),
};
