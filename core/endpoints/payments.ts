import { z } from 'zod';
import {
  localPaymentMethodBodySchema,
  paymentBodySchema,
  paymentResponseSchema,
  paymentsConfigSchema,
  paypalCancelBodySchema,
  paypalLookupSchema,
  paypalSubscribeBodySchema,
} from '../schemas/payments';
import { endpoint } from './endpoint';

/**
 * Subscriptions: which payment providers are in use, then a signed-in user's subscribing,
 * changing plan or card, and cancelling, by card or PayPal.
 */
export const PAYMENTS_ENDPOINTS = {
  getConfig: endpoint({
    method: 'GET',
    path: '/payments/config',
    status: 200,
    response: paymentsConfigSchema,
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/payments',
    body: paymentBodySchema,
    status: 200,
    response: paymentResponseSchema,
  }),
  /** A new plan or card, or cancelling (planId 1). */
  updateSubscription: endpoint({
    method: 'PUT',
    path: '/payments',
    body: paymentBodySchema,
    status: 200,
    response: paymentResponseSchema,
  }),
  createLocalPaymentMethod: endpoint({
    method: 'POST',
    path: '/payments/local/payment-methods',
    body: localPaymentMethodBodySchema,
    status: 200,
    response: z.object({ paymentMethodId: z.string() }),
  }),
  getPaypal: endpoint({
    method: 'GET',
    path: '/payments/paypal',
    status: 200,
    response: paypalLookupSchema,
  }),
  subscribePaypal: endpoint({
    method: 'POST',
    path: '/payments/paypal',
    body: paypalSubscribeBodySchema,
    status: 200,
    response: paymentResponseSchema,
  }),
  cancelPaypal: endpoint({
    method: 'PUT',
    path: '/payments/paypal',
    body: paypalCancelBodySchema,
    status: 200,
    response: paymentResponseSchema,
  }),
};
