import { queryOptions } from '@tanstack/react-query';
import { PAYMENTS_ENDPOINTS as PAYMENTS } from '@core/endpoints/payments';
import { callEndpoint } from '../../api/api-client';

/** Keys of the payment calls: the config is read once, the rest are mutations. */
export const paymentKeys = {
  config: ['payments', 'config'] as const,
  pay: ['payments', 'pay'] as const,
  cancel: ['payments', 'cancel'] as const,
};

/** Which card provider and PayPal plans the server uses; asked without a token. */
export const paymentsConfigQuery = () =>
  queryOptions({
    queryKey: paymentKeys.config,
    queryFn: () => callEndpoint(PAYMENTS.getConfig, {}),
  });
